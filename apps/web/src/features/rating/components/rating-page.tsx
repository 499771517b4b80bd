import { useEffect } from 'react';
import { useParams } from '../../../shared/navigation/router.tsx';
import styles from './rating.module.css';
import { RatingBlock } from './rating-block.tsx';

/** A rating link's page is one person's: search engines are asked not to keep it (nor follow its links). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

/** /rate/{token}: the rating of one order from the signed link an invitation carries, with no sign-in. */
export default function RatingPage() {
  useNoIndex();
  const token = String(useParams().token ?? '');
  return (
    <div className={styles.page}>
      <RatingBlock key={token} source={{ kind: 'link', token }} />
    </div>
  );
}
