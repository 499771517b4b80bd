// The storefront's component-test set-up (jest-dom, matchMedia, <dialog>): the back office's screens are
// drawn with the same platform layer.
import '@storefront/web/src/test/setup.ts';
