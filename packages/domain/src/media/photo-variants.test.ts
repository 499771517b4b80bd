import { describe, expect, it } from 'vitest';
import { parsePhotoVariantKey, photoSrcSets, uploadedPhotoKey, uploadedPhotoUrl } from './photo-variants.ts';

const key = '0123456789abcdef0123456789abcdef';

describe('uploaded photo URLs', () => {
  it('keeps the middle JPEG and derives every width of every format from it', () => {
    const url = uploadedPhotoUrl(key);
    expect(url).toBe(`/media/u/${key}/640.jpg`);
    expect(uploadedPhotoKey(url)).toBe(key);
    expect(photoSrcSets(url)?.avif).toBe(
      `/media/u/${key}/320.avif 320w, /media/u/${key}/640.avif 640w, /media/u/${key}/960.avif 960w`,
    );
    expect(photoSrcSets(`https://api.example.com${url}`)?.jpeg).toContain(
      `https://api.example.com/media/u/${key}/960.jpg 960w`,
    );
  });

  it('leaves the seed’s and outside URLs alone', () => {
    expect(photoSrcSets('/media/menu/philadelphia.jpg')).toBeNull();
    expect(uploadedPhotoKey('/media/u/xyz/640.jpg')).toBeNull();
  });

  it('parses only the variants the server makes', () => {
    expect(parsePhotoVariantKey(`${key}/960.avif`)).toEqual({ key, format: 'avif' });
    expect(parsePhotoVariantKey(`${key}/961.avif`)).toBeNull();
    expect(parsePhotoVariantKey(`${key}/640.png`)).toBeNull();
    expect(parsePhotoVariantKey(`../${key}/640.jpg`)).toBeNull();
  });
});
