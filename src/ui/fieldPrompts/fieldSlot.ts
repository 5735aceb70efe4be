/** Where a wizard keeps one field's answer, so that the field's steps can read and write it in any wizard's state. */
export interface FieldSlot<S> {
  /** The answer given so far; undefined while there is none. */
  answer(state: S): unknown;
  /** The value the field has already, where the wizard edits something that exists: the prompts start from it until answered. */
  existing(state: S): unknown;
  /** Keeps the answer; undefined (an optional field left empty) leaves the field unset. */
  set(state: S, value: unknown): void;
}

/**
 * A wizard's state that keeps, by field name, the parts of objects answered so far: Back reopens them
 * with what was typed, also before the parts make a whole object that the slot can take.
 */
export interface ObjectDrafts {
  drafts?: Record<string, Record<string, unknown>>;
  /** By field name, whether the user chose to answer an object's optional parts; a new draft of the object has not chosen yet. */
  optionalPartsChosen?: Record<string, boolean>;
}

/** What a field's prompt opens with: the answer so far, else the value it has already (null, as unset, is nothing to show). */
export function startingValue<S>(slot: FieldSlot<S>, state: S): unknown {
  const answer = slot.answer(state);
  const value = answer !== undefined ? answer : slot.existing(state);
  return value === null ? undefined : value;
}
