/** What the first start leaves behind and the second start looks for. */

/** Created through the API with DNSSEC enabled, so its DS record is part of the remembered state. */
export const DNSSEC_ZONE = 'reload.example';

/** Added by name only: the extension has never seen its DNSSEC state. */
export const ADDED_ZONE = 'kept.example';

/** Its update's task is followed when the window closes, and followed again after the reload. */
export const FOLLOWED_CONTAINER = 'web-app';

/** A location no other suite uses, so nothing else adds or removes it. */
export const LOCATION = { projectId: 4711, regionId: 76, label: 'Survives a reload' } as const;

/** A GPU cluster whose create Gcore had not listed yet when the window closed: followed by its name alone. */
export const CREATED_GPU_CLUSTER = 'reload-train';

/** A ready inference deployment (the emulator's seeded one) whose models the first start adds to the chat. */
export const CHAT_DEPLOYMENT = { projectId: 1, name: 'llama-chat' } as const;

/** The deployment's API key; its secret is pasted on the key's row, as a person does. */
export const CHAT_API_KEY = 'team-key';

/** The location whose project's rows hold the key; first in gcore.locations, so its project row has this label. */
export const CHAT_LOCATION = { projectId: 1, regionId: 76, label: 'Chat kept' } as const;

/** The chat models of CHAT_DEPLOYMENT as vscode.lm lists them, before the reload and after it. */
export const CHAT_MODELS = [
  { id: '1/llama-chat/meta-llama/Llama-3.1-8B-Instruct', name: 'llama-chat · meta-llama/Llama-3.1-8B-Instruct' },
] as const;
