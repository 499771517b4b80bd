import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  url: string;
  bucket: string;
  /** Objects by key, as PutObject left them. */
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Each request: method, path, the access key its signature names. */
  requests: { method: string; path: string; accessKeyId: string | null }[];
  close(): Promise<void>;
}

const notFound = (key: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`;

/**
 * A small S3 on 127.0.0.1 for the media store's tests (decision 46): one bucket, path-style PutObject, GetObject and
 * DeleteObject as S3's REST API documents them (PUT/GET/DELETE /{bucket}/{key}, 404 NoSuchKey as XML, 204 on
 * delete), requests refused (403) without a SigV4 Authorization header.
 */
export async function startFakeS3(bucket = 'media'): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const authorization = String(request.headers.authorization ?? '');
      const credential = /^AWS4-HMAC-SHA256 Credential=([^/]+)\//.exec(authorization);
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        accessKeyId: credential?.[1] ?? null,
      });
      const xml = { 'content-type': 'application/xml' };
      if (!credential) {
        response.writeHead(403, xml).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) {
        response.writeHead(404, xml).end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      const key = decodeURIComponent(url.pathname.slice(prefix.length));
      if (request.method === 'PUT') {
        const bytes = Buffer.concat(chunks);
        objects.set(key, {
          bytes,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
        });
        response.writeHead(200, { etag: `"${bytes.length}"` }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) response.writeHead(404, xml).end(notFound(key));
        else
          response
            .writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length })
            .end(object.bytes);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405, xml).end('<Error><Code>MethodNotAllowed</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
