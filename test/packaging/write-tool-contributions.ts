import * as fs from 'node:fs';
import * as path from 'node:path';
import { toolContributions } from './toolContributions';

/** Writes the tool definitions into package.json and package.nls.json (`npm run tool-contributions`). */
const root = path.resolve(__dirname, '../../..');
const manifestPath = path.join(root, 'package.json');
const nlsPath = path.join(root, 'package.nls.json');
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { contributes: Record<string, unknown> };
const nls = JSON.parse(fs.readFileSync(nlsPath, 'utf8')) as Record<string, string>;
const generated = toolContributions();
manifest.contributes.languageModelTools = generated.tools;
fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
fs.writeFileSync(nlsPath, `${JSON.stringify({ ...nls, ...generated.nls }, null, 2)}\n`);
