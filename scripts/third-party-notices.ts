/** Writes THIRD-PARTY-NOTICES.md (scripts/licences/notices.ts); run after a dependency changes: `npm run notices`. */
import fs from 'node:fs';
import path from 'node:path';
import { NOTICES_FILE, renderNotices } from './licences/notices';

const root = path.resolve(import.meta.dirname, '..');
fs.writeFileSync(path.join(root, NOTICES_FILE), renderNotices(root));
console.log(`${NOTICES_FILE} written`);
