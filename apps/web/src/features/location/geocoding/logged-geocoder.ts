import { type Geocoder, GeocoderError } from './geocoder.ts';
import { isAbortError } from './geocoder-http.ts';

/** Where a failure goes: the browser console, the storefront's one logging path for the client. */
export type FailureLog = (message: string, detail: Record<string, unknown>) => void;

const consoleLog: FailureLog = (message, detail) => console.warn(message, detail);

/** A key in a URL's query (`key=…`, `apiKey=…`): never logged, whatever service put it there. */
const KEY_IN_URL = /\b((?:api_?)?key|token|signature)=[^&\s"',]+/gi;

function redacted(text: string, secrets: readonly string[]): string {
  let out = text.replace(KEY_IN_URL, '$1=[redacted]');
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  return out;
}

/**
 * docs/product.md §8 'Autocomplete load failure is logged': every failed suggest, resolve or reverse
 * is logged with the operation, the service's HTTP status (none when no answer came) and its message,
 * then thrown on as before, so the popup still shows 'service unavailable'. The caller's own abort is
 * not a failure. The brand's maps key (and any key in a URL) never reaches the log.
 */
export function withFailureLog(
  geocoder: Geocoder,
  { secrets = [], log = consoleLog }: { secrets?: readonly string[]; log?: FailureLog } = {},
): Geocoder {
  const logged =
    <Args extends unknown[], Result>(operation: string, call: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      try {
        return await call(...args);
      } catch (error) {
        if (!isAbortError(error)) {
          const message = error instanceof Error ? error.message : String(error);
          log('address search failed', {
            operation,
            status: error instanceof GeocoderError ? (error.status ?? null) : null,
            message: redacted(message, secrets),
          });
        }
        throw error;
      }
    };
  return {
    suggest: logged('suggest', geocoder.suggest.bind(geocoder)),
    resolve: logged('resolve', geocoder.resolve.bind(geocoder)),
    reverse: logged('reverse', geocoder.reverse.bind(geocoder)),
  };
}
