import * as path from 'node:path';
import { REPO_ROOT } from '../runner/extension-under-test';

/** Where the README the package ships is written; `npm run package` passes it to vsce's --readme-path. */
export const PACKAGED_README = path.join(REPO_ROOT, 'out', 'package', 'README.md');
