import { type Locale, mayAdmin } from '@storefront/domain';
import type { AdminMenuFileImportResult } from '@storefront/domain/contracts';
import { ApiError } from '@storefront/web/src/shared/api-client.ts';
import { useBrand } from '@storefront/web/src/shared/config.tsx';
import { Button } from '@storefront/web/src/shared/ui/button.tsx';
import { ConfirmationPopup } from '@storefront/web/src/shared/ui/confirmation-popup.tsx';
import { Spinner } from '@storefront/web/src/shared/ui/spinner.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStaffSession } from '../../../entities/staff-session/staff-session.ts';
import { fileDate, readText, saveFile } from '../../../shared/save-file.ts';
import {
  checkImportFile,
  fetchDishesCsv,
  type ImportKind,
  menuFileQuery,
  useImportMenuFile,
} from '../model/menu-file-api.ts';
import { readablePath, rowCount, rowNames, sizeWords } from '../model/menu-file-words.ts';
import { useMenuFileTexts } from '../model/use-menu-file-texts.ts';
import { ImportDiff } from './import-diff.tsx';
import styles from './menu-file.module.css';

type Diff = AdminMenuFileImportResult['diff'];

/** The file being imported: its bytes are sent as they are, for the dry run and again for the apply. */
interface Chosen {
  file: File;
  kind: ImportKind;
  /** A JSON file as parsed here, to name the rows an error's path goes through; undefined until read or when unreadable. */
  parsed?: unknown;
}

/** A refused file's problem, its place in words and as the file spells it. */
interface FileError {
  field: string;
  text: string;
}

type Step =
  | { state: 'idle' }
  | { state: 'refused'; text: string }
  | { state: 'checking' }
  | { state: 'invalid'; errors: FileError[] }
  | { state: 'preview'; diff: Diff }
  | { state: 'applied'; diff: Diff }
  | { state: 'failed'; text: string; retry: (() => void) | null };

/** A problem's words without the place the API puts first («menus.0.price»: …, 'menus.0.price' …): it is shown above. */
function withoutPlace(text: string, field: string): string {
  for (const place of [`«${field}»: `, `'${field}' `])
    if (text.startsWith(place)) return text.slice(place.length);
  return text;
}

/**
 * The answer's errors with their places. Each message is the general refusal, ' — ', then the problem: the
 * general part says what the tab's heading says already, so only the problems are listed.
 */
function fileErrors(error: ApiError): FileError[] {
  return error.fieldErrors.map((entry) => {
    const cut = entry.message.indexOf(' — ');
    const problem = cut < 0 ? entry.message : entry.message.slice(cut + 3);
    return { field: entry.field, text: withoutPlace(problem, entry.field) };
  });
}

/**
 * The Import and export tab (/admin/menu/import-export, decision 47, docs/backoffice.md): the brand's menu downloaded as one
 * JSON file and its dishes as CSV; a file (.json, a .zip with its photos, or a .csv) checked as a dry run the
 * moment it is chosen, showing every error at its place or what would change, then applied after a confirmation
 * that says how many rows change and that the change log does not undo an import. Operators see the downloads only.
 */
export function MenuFileScreen() {
  const { t, i18n } = useMenuFileTexts();
  const locale = (i18n.language === 'en' ? 'en' : 'ru') as Locale;
  const brand = useBrand();
  const session = useStaffSession();
  const mayImport = session ? mayAdmin(session.staff.role, 'menu.write') : false;
  const queryClient = useQueryClient();
  const importFile = useImportMenuFile();
  const [exporting, setExporting] = useState<'json' | 'csv' | null>(null);
  // Worded when drawn, so a language switch rewords it.
  const [exportNote, setExportNote] = useState<{ name: string } | { failed: string } | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [step, setStep] = useState<Step>({ state: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const exportId = useId();
  const importId = useId();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const focusResult = useRef(false);

  const diff = step.state === 'preview' || step.state === 'applied' ? step.diff : null;
  // Rows a diff lists by key are named from today's menu (hidden and changed ones) and the chosen file (new ones).
  const today = useQuery({ ...menuFileQuery(), enabled: diff !== null });
  const names = useMemo(() => {
    const known = rowNames(today.data, locale);
    for (const [id, name] of rowNames(chosen?.parsed, locale)) known.set(id, name);
    return known;
  }, [today.data, chosen?.parsed, locale]);

  useEffect(() => {
    if (!focusResult.current || step.state === 'checking') return;
    focusResult.current = false;
    resultRef.current?.focus();
  });

  const download = async (what: 'json' | 'csv') => {
    setExporting(what);
    setExportNote(null);
    try {
      const name = `${what === 'json' ? 'menu' : 'dishes'}-${brand.whiteLabel}-${fileDate()}.${what}`;
      if (what === 'json') {
        const file = await queryClient.fetchQuery(menuFileQuery());
        saveFile(name, `${JSON.stringify(file, null, 2)}\n`, 'application/json');
      } else {
        saveFile(name, await fetchDishesCsv(), 'text/csv;charset=utf-8');
      }
      setExportNote({ name });
    } catch (error) {
      setExportNote({ failed: (error as Error).message });
    } finally {
      setExporting(null);
    }
  };

  const send = (target: Chosen, dryRun: boolean) => {
    if (dryRun) setStep({ state: 'checking' });
    importFile.mutate(
      { kind: target.kind, file: target.file, dryRun },
      {
        onSuccess: (result) => {
          setConfirming(false);
          focusResult.current = true;
          setStep({ state: result.applied ? 'applied' : 'preview', diff: result.diff });
        },
        onError: (error) => {
          setConfirming(false);
          focusResult.current = true;
          if (error instanceof ApiError && error.status === 422 && error.fieldErrors.length > 0) {
            setStep({ state: 'invalid', errors: fileErrors(error) });
          } else if (error instanceof ApiError && error.network) {
            setStep({
              state: 'failed',
              text: t(dryRun ? 'networkCheck' : 'networkApply'),
              retry: () => send(target, dryRun),
            });
          } else {
            setStep({ state: 'failed', text: t('failed', { message: error.message }), retry: null });
          }
        },
      },
    );
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setConfirming(false);
    const check = checkImportFile(file);
    if ('reason' in check) {
      setChosen(null);
      const max = check.reason === 'tooLarge' ? sizeWords(check.max, locale) : '';
      setStep({ state: 'refused', text: t(check.reason, { name: file.name, max }) });
      return;
    }
    const target: Chosen = { file, kind: check.kind };
    setChosen(target);
    send(target, true);
    if (check.kind === 'json')
      void readText(file).then((text) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return; // The API answers what is wrong with it.
        }
        setChosen((current) => (current?.file === file ? { ...current, parsed } : current));
      });
  };

  const failedExport = exportNote !== null && 'failed' in exportNote;
  const exportNoteView = (
    <p role={failedExport ? 'alert' : 'status'} className={failedExport ? styles.alert : styles.note}>
      {exportNote === null
        ? ''
        : 'failed' in exportNote
          ? t('exportFailed', { message: exportNote.failed })
          : t('exported', { name: exportNote.name })}
    </p>
  );
  const checking = step.state === 'checking';
  const applying = importFile.isPending && !checking;

  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.intro}>{t('intro')}</p>

      <section className={styles.panel} aria-labelledby={exportId}>
        <h3 id={exportId} className={styles.panelTitle}>
          {t('exportTitle')}
        </h3>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            loading={exporting === 'json'}
            disabled={exporting !== null}
            onClick={() => void download('json')}
          >
            {t('exportJson')}
          </Button>
          <Button
            variant="secondary"
            loading={exporting === 'csv'}
            disabled={exporting !== null}
            onClick={() => void download('csv')}
          >
            {t('exportCsv')}
          </Button>
        </div>
        {exportNoteView}
      </section>

      <section className={styles.panel} aria-labelledby={importId}>
        <h3 id={importId} className={styles.panelTitle}>
          {t('importTitle')}
        </h3>
        {!mayImport ? (
          <p className={styles.note}>{t('readOnly')}</p>
        ) : (
          <>
            <p className={styles.note}>{t('importIntro')}</p>
            <div className={styles.actions}>
              <label className={styles.upload} aria-disabled={importFile.isPending}>
                <input
                  type="file"
                  accept=".json,.zip,.csv,application/json,application/zip,text/csv"
                  className="visually-hidden"
                  disabled={importFile.isPending}
                  onChange={(event) => {
                    choose(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
                {t('choose')}
              </label>
              {chosen && (
                <span className={styles.chosen}>
                  {t('chosen', { name: chosen.file.name, size: sizeWords(chosen.file.size, locale) })}
                </span>
              )}
            </div>

            <div className={styles.result}>
              {step.state === 'refused' && (
                <p role="alert" className={styles.alert}>
                  {step.text}
                </p>
              )}
              {checking && (
                <div role="status" className={styles.note}>
                  <Spinner size={20} label={t('checking')} />
                </div>
              )}
              {step.state === 'invalid' && (
                <div className={styles.invalid}>
                  <h4 ref={resultRef} tabIndex={-1} className={styles.resultTitle}>
                    {t('invalidTitle', { count: step.errors.length })}
                  </h4>
                  <p className={styles.note}>{t('invalidHint')}</p>
                  {/* Every error, however many: the list scrolls in its own box, reachable by keyboard. */}
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box scrolls by keyboard only when focusable (axe scrollable-region-focusable) */}
                  <section className={styles.scroll} aria-label={t('errorsLabel')} tabIndex={0}>
                    <ol className={styles.errors}>
                      {step.errors.map((error, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the answer's order; one path may carry several problems
                        <li key={`${error.field}-${index}`} className={styles.error}>
                          <span className={styles.place}>
                            {readablePath(error.field, t, locale, chosen?.parsed)}
                          </span>
                          <code className={styles.path}>{error.field}</code>
                          <span>{error.text}</span>
                        </li>
                      ))}
                    </ol>
                  </section>
                </div>
              )}
              {step.state === 'failed' && (
                <div role="alert" className={styles.failed}>
                  <p className={styles.alert}>{step.text}</p>
                  {step.retry && (
                    <Button variant="secondary" onClick={step.retry}>
                      {t('retry')}
                    </Button>
                  )}
                </div>
              )}
              {diff && (
                <ImportDiff
                  diff={diff}
                  applied={step.state === 'applied'}
                  names={names}
                  headingRef={resultRef}
                  onApply={() => {
                    setExportNote(null);
                    setConfirming(true);
                  }}
                />
              )}
            </div>

            <ConfirmationPopup
              open={confirming}
              headline={t('confirmTitle')}
              supportingText={
                diff && (
                  <div className={styles.confirm}>
                    <p>
                      {t('confirmRows', {
                        count: rowCount(diff),
                        added: diff.counts.added,
                        changed: diff.counts.changed,
                        hidden: diff.counts.hidden,
                      })}
                    </p>
                    <p>{t('confirmUndo')}</p>
                    <Button
                      variant="secondary"
                      loading={exporting === 'json'}
                      disabled={exporting !== null || applying}
                      onClick={() => void download('json')}
                    >
                      {t('confirmDownload')}
                    </Button>
                    {exportNoteView}
                  </div>
                )
              }
              confirmText={t('apply')}
              cancelText={t('cancel')}
              confirmLoading={applying}
              onCancel={() => setConfirming(false)}
              onConfirm={() => {
                if (chosen) send(chosen, false);
              }}
            />
          </>
        )}
      </section>
    </section>
  );
}
