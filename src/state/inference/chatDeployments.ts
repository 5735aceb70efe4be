import * as vscode from 'vscode';

/** A model a deployment serves, as its `/v1/models` listed it when the deployment was added to the chat. */
export interface ChatDeploymentModel {
  id: string;
  maxModelLength?: number;
}

/** A deployment the user offered to VS Code's chat (Use in Chat), with what the chat needs to call it without asking Gcore. */
export interface ChatDeployment {
  projectId: number;
  name: string;
  address: string;
  /** The API key whose secret (in SecretStorage, never here) goes as `X-API-Key`; none for a deployment without keys. */
  apiKeyName?: string;
  models: ChatDeploymentModel[];
}

const KEY = 'gcore.inference.chatDeployments';

function sameDeployment(a: Pick<ChatDeployment, 'projectId' | 'name'>, b: Pick<ChatDeployment, 'projectId' | 'name'>): boolean {
  return a.projectId === b.projectId && a.name === b.name;
}

function isChatDeployment(value: unknown): value is ChatDeployment {
  const entry = value as Partial<ChatDeployment> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.projectId === 'number' &&
    typeof entry.name === 'string' &&
    typeof entry.address === 'string' &&
    Array.isArray(entry.models) &&
    entry.models.every((model) => typeof model?.id === 'string')
  );
}

/** The deployments offered to the chat, kept in global state so that they survive a reload; no secret is kept here. */
export class ChatDeploymentStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {}

  list(): ChatDeployment[] {
    const stored = this.memento.get<unknown>(KEY);
    return Array.isArray(stored) ? stored.filter(isChatDeployment) : [];
  }

  find(ref: Pick<ChatDeployment, 'projectId' | 'name'>): ChatDeployment | undefined {
    return this.list().find((entry) => sameDeployment(entry, ref));
  }

  /** Adds the deployment, or replaces what was kept of it (its key, its models). */
  async put(deployment: ChatDeployment): Promise<void> {
    await this.memento.update(KEY, [...this.list().filter((entry) => !sameDeployment(entry, deployment)), deployment]);
    this.changed.fire();
  }

  async remove(ref: Pick<ChatDeployment, 'projectId' | 'name'>): Promise<boolean> {
    const kept = this.list();
    const left = kept.filter((entry) => !sameDeployment(entry, ref));
    if (left.length === kept.length) return false;
    await this.memento.update(KEY, left);
    this.changed.fire();
    return true;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
