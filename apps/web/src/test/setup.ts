import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeMediaQueryList } from './match-media.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has no layout: components that ask for media queries get a controllable stub.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => fakeMediaQueryList(query, false),
  });
}
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has <dialog> but neither showModal() nor close(), nor the browser's close request on Escape: a
// minimal stand-in, so component tests run our dialogs' logic (decision 37). No top layer, no inertness.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open && modals.includes(this)) return;
    if (this.open)
      throw new DOMException('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
    this.setAttribute('open', '');
    modals.push(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this) >>> 0, 1);
    this.dispatchEvent(new Event('close'));
  };
  // An Escape keydown nobody cancelled is a close request to the topmost modal: 'cancel', then close unless prevented.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modals.findLast((dialog) => dialog.isConnected && dialog.open);
    if (!top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
