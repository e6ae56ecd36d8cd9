// What other features use of labels and manifests (the only file they import from here).
export { printDateTime } from './print-format.ts';
