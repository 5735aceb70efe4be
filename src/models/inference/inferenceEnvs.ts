/*
 * A deployment's environment holds the model server's settings and, as often, its tokens (HF_TOKEN, an OpenAI
 * key). What is shown of a variable (a review, the list a change edits) keeps a value that looks like a secret out
 * of sight: by its name, or by the shape of the value itself, whatever it is called.
 */

/** The words of a name that say a secret (HF_TOKEN, OPENAI_API_KEY, dbPassword), not those that only hold them (TOKENIZER). */
const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'secret',
  'secrets',
  'password',
  'passwd',
  'pass',
  'pwd',
  'key',
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'auth',
  'credential',
  'credentials',
  'cookie',
  'session',
  'signature',
  'private',
  'bearer',
  'jwt',
]);

function nameSaysSecret(name: string): boolean {
  return name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((word) => SECRET_WORDS.has(word.toLowerCase()));
}

/** Values in the shapes of well-known tokens: Hugging Face, OpenAI, GitHub, GitLab, AWS, Slack, a JWT. */
const SECRET_SHAPES = [
  /^hf_[A-Za-z0-9]{8,}$/,
  /^sk-[A-Za-z0-9_-]{8,}$/,
  /^gh[pousr]_[A-Za-z0-9]{16,}$/,
  /^glpat-[A-Za-z0-9_-]{8,}$/,
  /^A[KS]IA[0-9A-Z]{16}$/,
  /^xox[abprs]-/,
  /^eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./,
];

/** A long run of letters and digits with no space: more likely a key than a setting. */
const OPAQUE_VALUE = /^[A-Za-z0-9+=_-]{32,}$/;

/** What stands for a hidden value: always the same, so that its length says nothing either. */
export const HIDDEN_VALUE = '••••••';

export function looksSecret(name: string, value: string): boolean {
  if (nameSaysSecret(name)) return true;
  if (SECRET_SHAPES.some((shape) => shape.test(value))) return true;
  return OPAQUE_VALUE.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value);
}

/** A variable's value as it may be shown: hidden when it looks like a secret. */
export function shownEnvValue(name: string, value: string): string {
  return looksSecret(name, value) ? HIDDEN_VALUE : value;
}
