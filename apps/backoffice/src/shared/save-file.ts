/**
 * Hands a text to the browser as a downloaded file. The export calls carry the staff token in a header, so a
 * plain link cannot fetch them: the answer is read by the app and saved from a blob.
 */
export function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the blob over (Safari reads it asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Today's date on this browser's clock, for file names: 2026-03-14. */
export function fileDate(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A chosen file's text (UTF-8) by FileReader, which every browser and the tests' DOM have. */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}
