import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ThrowawayProfile } from './throwaway-profile';

/** Adds settings to the profile's User/settings.json (written as plain JSON by createThrowawayProfile). */
export function addUserSettings(profile: ThrowawayProfile, settings: Record<string, unknown>): void {
  const file = path.join(profile.userDataDir, 'User', 'settings.json');
  const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ...current, ...settings }, null, 2)}\n`);
}

/** The settings as VS Code last wrote them (it rewrites the file when a command updates a setting). */
export function readUserSettings(profile: ThrowawayProfile): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(profile.userDataDir, 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
}
