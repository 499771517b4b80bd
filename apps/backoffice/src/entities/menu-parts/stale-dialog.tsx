import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ResponsiveDialog } from '@storefront/web/src/shared/ui/dialog.tsx';
import styles from './menu-parts.module.css';

export interface StaleRow {
  label: string;
  mine: string;
  now: string;
}

export interface StaleDialogLabels {
  title: string;
  intro: string;
  field: string;
  mine: string;
  now: string;
  takeCurrent: string;
  saveMine: string;
}

/**
 * A change refused with 412 (someone saved in between): what differs, the person's value against the one saved now,
 * and the two ways on: take the current one into the form, or save theirs over it (with the new version as If-Match).
 */
export function StaleDialog({
  open,
  rows,
  labels,
  saving,
  onTakeCurrent,
  onSaveMine,
}: {
  open: boolean;
  rows: StaleRow[];
  labels: StaleDialogLabels;
  saving: boolean;
  onTakeCurrent: () => void;
  onSaveMine: () => void;
}) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onTakeCurrent();
      }}
      title={labels.title}
      description={labels.intro}
      dismissible={false}
      footer={
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onTakeCurrent} disabled={saving}>
            {labels.takeCurrent}
          </Button>
          <Button variant="primary" onClick={onSaveMine} loading={saving}>
            {labels.saveMine}
          </Button>
        </div>
      }
    >
      <table className={styles.staleTable}>
        <thead>
          <tr>
            <th scope="col">{labels.field}</th>
            <th scope="col">{labels.mine}</th>
            <th scope="col">{labels.now}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.mine}</td>
              <td>{row.now}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveDialog>
  );
}
