/**
 * A part of the tools' context that an area adds on a surface that has it (VS Code's settings, what the user
 * chose there), registered by the area and read by its own tools alone: the context itself names no area.
 */
export interface ToolContextPart<T> {
  /** What a second registration of the part is refused by. */
  readonly name: string;
  /** Never set: it carries the part's type, so that a tool reads the part as what its area registered. */
  readonly type?: T;
}

export function toolContextPart<T>(name: string): ToolContextPart<T> {
  return { name };
}

/** What the parts registered on a surface answered for one call. */
export type ToolContextParts = ReadonlyMap<ToolContextPart<unknown>, unknown>;

/** The part of a call's context, or undefined where the surface adds none (the MCP server). */
export function contextPart<T>(context: { parts?: ToolContextParts }, part: ToolContextPart<T>): T | undefined {
  return context.parts?.get(part) as T | undefined;
}

/** The parts a surface adds, each provided as its area registered it, once per call. */
export class ToolContextRegistry {
  private readonly providers = new Map<ToolContextPart<unknown>, () => Promise<unknown>>();

  register<T>(part: ToolContextPart<T>, provide: () => Promise<T>): void {
    if (this.providers.has(part)) throw new Error(`The tools' context part ${part.name} is registered twice`); // not user text: a mistake of the code
    this.providers.set(part, provide);
  }

  /** What each registered part says for a call that starts now. */
  async parts(): Promise<ToolContextParts> {
    const provided = await Promise.all([...this.providers].map(async ([part, provide]) => [part, await provide()] as const));
    return new Map(provided);
  }
}
