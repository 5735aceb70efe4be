import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import { aliasesIn, entryOwner } from '../../models/gpu/ssh/sshEntry';
import { hasInclude, withInclude } from '../../models/gpu/ssh/sshInclude';
import type { ClusterId } from '../../models/gpu/ssh/sshValues';

/*
 * Where the GPU clusters' SSH entries live, and the writes that keep them: each cluster's hosts in
 * `gcore/<cluster-id>.conf` beside the user's SSH config (`~/.ssh/config`, or the file `remote.SSH.configFile`
 * names), its known hosts in `gcore/<cluster-id>.known_hosts`, and one `Include` of them at the top of the user's
 * config. Every file is written whole to a temporary name and renamed, so that SSH never reads half of one.
 */

export interface SshPlaces {
  /** The user's SSH config: what Remote-SSH reads. */
  userConfig: string;
  /** Whether `remote.SSH.configFile` names it, so that ssh must be told (`-F`), as Remote-SSH tells it. */
  named: boolean;
  /** The folder of the clusters' files. */
  folder: string;
  home: string;
}

/** The places for a `remote.SSH.configFile` setting (empty: the default) and a home folder; `~` is the home. */
export function sshPlaces(configFileSetting: string | undefined, home: string): SshPlaces {
  const setting = configFileSetting?.trim();
  const named = setting !== undefined && setting !== '';
  const userConfig = named ? path.resolve(setting.replace(/^~(?=$|[\\/])/, home)) : path.join(home, '.ssh', 'config');
  return { userConfig, named, folder: path.join(path.dirname(userConfig), 'gcore'), home };
}

export function clusterFile(places: SshPlaces, clusterId: ClusterId): string {
  return path.join(places.folder, `${clusterId}.conf`);
}

export function knownHostsFile(places: SshPlaces, clusterId: ClusterId): string {
  return path.join(places.folder, `${clusterId}.known_hosts`);
}

async function readIfThere(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Writes the file whole under a temporary name beside it, then renames it over the old one, with `mode`. */
async function replaceWhole(file: string, content: Uint8Array | string, mode: number): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content, { mode, flag: 'wx' });
    // The umask narrows a new file's mode; set it as it was meant.
    await chmod(temporary, mode);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes a cluster's entry (only the user may read it, as SSH wants its config files). */
export async function writeClusterEntry(places: SshPlaces, clusterId: ClusterId, text: string): Promise<void> {
  await mkdir(places.folder, { recursive: true, mode: 0o700 });
  await replaceWhole(clusterFile(places, clusterId), text, 0o600);
}

/** The aliases the other clusters' files hold, which a new alias must not take. */
export async function aliasesOfOtherClusters(places: SshPlaces, clusterId: ClusterId): Promise<Set<string>> {
  let names: string[];
  try {
    names = await readdir(places.folder);
  } catch {
    return new Set();
  }
  const others = names.filter((name) => name.endsWith('.conf') && name !== `${clusterId}.conf`);
  const texts = await Promise.all(others.map((name) => readIfThere(path.join(places.folder, name))));
  return new Set(texts.flatMap((text) => (text ? aliasesIn(text.toString('utf8')) : [])));
}

/** Whether the user's config includes the clusters' files already. */
export async function includesClusterFiles(places: SshPlaces): Promise<boolean> {
  const config = await readIfThere(places.userConfig);
  return config !== undefined && hasInclude(config, places.folder, places.home);
}

/**
 * Adds the `Include` at the top of the user's config (made when there is none), keeping every byte it held and
 * its mode. A config that is a link (a dotfiles folder's) is written where the link points, and stays a link.
 */
export async function addInclude(places: SshPlaces): Promise<void> {
  const config = await readIfThere(places.userConfig);
  if (config !== undefined && hasInclude(config, places.folder, places.home)) return;
  if (config === undefined) {
    await mkdir(path.dirname(places.userConfig), { recursive: true, mode: 0o700 });
    await replaceWhole(places.userConfig, withInclude(Buffer.alloc(0), places.folder), 0o600);
    return;
  }
  const target = await realpath(places.userConfig);
  const mode = (await stat(target)).mode & 0o777;
  await replaceWhole(target, withInclude(config, places.folder), mode);
}

/** Removes a cluster's entry and its known hosts: what a deleted cluster leaves. */
export async function removeClusterEntry(places: SshPlaces, clusterId: ClusterId): Promise<void> {
  await Promise.all([rm(clusterFile(places, clusterId), { force: true }), rm(knownHostsFile(places, clusterId), { force: true })]);
}

/** Whether the cluster has an entry written. */
export async function hasClusterEntry(places: SshPlaces, clusterId: ClusterId): Promise<boolean> {
  return (await readIfThere(clusterFile(places, clusterId))) !== undefined;
}

/** The file names of entries, as this extension names them: a cluster's id. */
const ENTRY_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.conf$/i;

/**
 * Removes the entries (and known hosts) of a location's clusters of a kind that its list no longer has, as a delete
 * made elsewhere leaves them: only files of this extension's name and first line, written before the list was read
 * (`since`), so that an entry of a cluster newer than the list stays.
 */
export async function removeUnlistedEntries(
  places: SshPlaces,
  ref: GpuLocationRef,
  listed: ReadonlySet<string>,
  since: number,
): Promise<void> {
  let names: string[];
  try {
    names = await readdir(places.folder);
  } catch {
    return;
  }
  const candidates = names.filter((name) => ENTRY_FILE.test(name) && !listed.has(ENTRY_FILE.exec(name)![1].toLowerCase()));
  await Promise.all(
    candidates.map(async (name) => {
      const file = path.join(places.folder, name);
      const [text, info] = await Promise.all([readIfThere(file), stat(file).catch(() => undefined)]);
      const owner = text && entryOwner(text.toString('utf8'));
      const ours = owner && owner.projectId === ref.projectId && owner.regionId === ref.regionId && owner.kind === ref.kind;
      if (ours && info && info.mtimeMs < since && `${owner.clusterId}.conf` === name.toLowerCase()) {
        await removeClusterEntry(places, owner.clusterId);
      }
    }),
  );
}
