/**
 * A token count without the model's tokenizer, which only the server has: about four characters a token for
 * English text and code, as OpenAI's guidance says; rounded up so a chat trims its history early rather than late.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
