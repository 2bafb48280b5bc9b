// React 19 has useSyncExternalStore; react-i18next imports the React 17 shim for it, whose fallback
// code would otherwise load with every page (vite.config.ts aliases the shim to this module).
export { useSyncExternalStore } from 'react';
