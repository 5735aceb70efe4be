import { loadOnce } from '../../core/loadOnce';
import type { Command } from './command';

export type AnyCommand = Command<never, unknown, never>;

/**
 * Commands whose code loads on the first call of any of them (esbuild.js puts every module reached only
 * through a dynamic import into dist/features.js). Their ids are registered at activation, so the palette,
 * menus and `executeCommand` find them before the code is there; start-up reads and compiles less.
 */
export interface LazyCommands {
  readonly ids: readonly string[];
  /** The commands by id, loaded once. */
  load(): Promise<ReadonlyMap<string, AnyCommand>>;
}

/**
 * A group that loads once, and only if its commands are exactly the ids it declared (a build mistake
 * otherwise). A load that failed is tried again by the next call, rather than failing every command of the
 * group until VS Code reloads the window.
 */
export function lazyCommands(ids: readonly string[], load: () => Promise<AnyCommand[]>): LazyCommands {
  return {
    ids,
    load: loadOnce(async () => {
      const commands = await load();
      const byId = new Map(commands.map((command) => [command.id, command]));
      const declared = new Set(ids);
      const differing = [...ids.filter((id) => !byId.has(id)), ...[...byId.keys()].filter((id) => !declared.has(id))];
      if (differing.length > 0 || byId.size !== commands.length) {
        // not user text: a mistake of the build, for the developer who broke it
        throw new Error(`Lazily loaded commands differ from the ids they declared: ${differing.join(', ') || 'an id twice'}`);
      }
      return byId;
    }),
  };
}
