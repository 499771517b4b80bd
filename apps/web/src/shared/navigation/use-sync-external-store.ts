// React 19 has useSyncExternalStore itself: the build points the compatibility shim that the router and
// react-i18next import (for React before 18) here, so the first screen does not carry it (vite.config.ts).
export { useSyncExternalStore } from 'react';
