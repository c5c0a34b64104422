// The main process applies the same edits to keep a lost item's copy (docs/offline-day.md), so
// the rule lives in src-shared; the workspace keeps importing it from here.
export { applyEdit, type ObjectEdit } from '../../../../../src-shared/model/applyEdit';
