import { textOn } from '../model/brand-settings-form.ts';
import styles from './brand-settings.module.css';

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * A live sample of the colour as the storefront uses it: its header (logo, name, a link in the colour) and a
 * button filled with it, on the theme's background, so an owner sees a colour that reads badly before saving it.
 */
export function ColourPreview({
  label,
  name,
  logo,
  primary,
  mode,
  buttonText,
  menuText,
}: {
  label: string;
  name: string;
  logo: string | null;
  primary: string;
  mode: 'dark' | 'light';
  buttonText: string;
  menuText: string;
}) {
  const colour = COLOUR.test(primary) ? primary : '#888888';
  return (
    <figure className={styles.preview} data-mode={mode} aria-label={label}>
      <figcaption className={styles.previewCaption}>{label}</figcaption>
      <div className={styles.previewHeader} style={{ borderBottomColor: colour }}>
        {logo ? <img src={logo} alt="" className={styles.previewLogo} /> : null}
        <span className={styles.previewName}>{name}</span>
        <span className={styles.previewLink} style={{ color: colour }}>
          {menuText}
        </span>
      </div>
      <div className={styles.previewBody}>
        <button
          type="button"
          tabIndex={-1}
          className={styles.previewButton}
          style={{ background: colour, color: textOn(colour) }}
          data-testid="brand-preview-button"
        >
          {buttonText}
        </button>
      </div>
    </figure>
  );
}
