import type { ReactNode } from 'react';
import { DrawnLater } from '../../shared/scheduling/drawn-later.tsx';
import type { LayoutName } from '../route-kinds.ts';
import styles from './layouts.module.css';

export interface LayoutSlots {
  header: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The five layouts of docs/product.md §2:
 * - default: header, page, footer (home, menus, promotions, restaurants);
 * - custom-default: header and page without the footer (a menu's own page on phones);
 * - simple: header and a narrow page (cart, sign-in, information pages) — the default;
 * - error: a centred message, no chrome (not found);
 * - custom: the page alone, for screens that draw everything themselves.
 * The footer is drawn in the task after the page (decision 32): it is below the fold, and last.
 */
export function Layout({ name, header, footer, children }: LayoutSlots & { name: LayoutName }) {
  switch (name) {
    case 'custom':
      return <>{children}</>;
    case 'error':
      return <main className={styles.error}>{children}</main>;
    case 'default':
      return (
        <div className={styles.page}>
          {header}
          <main className={styles.main}>{children}</main>
          <DrawnLater>{footer}</DrawnLater>
        </div>
      );
    case 'custom-default':
      return (
        <div className={styles.page}>
          {header}
          <main className={styles.main}>{children}</main>
        </div>
      );
    default:
      return (
        <div className={styles.page}>
          {header}
          <main className={`${styles.main} ${styles.narrow}`}>{children}</main>
          <DrawnLater>{footer}</DrawnLater>
        </div>
      );
  }
}
