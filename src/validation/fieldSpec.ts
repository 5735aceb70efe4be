/*
 * Field rules as data. The same specs drive argument validation, per-field input boxes and, later,
 * a JSON schema, so bound names follow JSON Schema (minimum, maximum, minLength, maxLength, pattern)
 * and patterns are kept as source strings.
 */

// Formats whose check also normalizes the value (lower-casing, punycode, trailing dot).
export type StringFormat = 'domainName' | 'email';

interface FieldSpecBase {
  /** Wire name of the field. */
  readonly name: string;
  readonly label: string;
  readonly description: string;
  readonly required?: boolean;
  readonly nullable?: boolean;
}

export interface StringFieldSpec extends FieldSpecBase {
  readonly kind: 'string';
  /** Surrounding whitespace is removed before checking and in the result. */
  readonly trim?: boolean;
  /** Lengths count Unicode code points, as the API's Python back end does. */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** The message shown when the pattern does not match. */
  readonly patternHint?: string;
  /** A format brings its own trimming, emptiness and shape rules; only maxLength still applies. */
  readonly format?: StringFormat;
}

export interface IntegerFieldSpec extends FieldSpecBase {
  readonly kind: 'integer';
  readonly minimum: number;
  readonly maximum: number;
}

export interface BooleanFieldSpec extends FieldSpecBase {
  readonly kind: 'boolean';
}

/** `lower` must not be greater than `upper`; both name sub-fields. */
export interface OrderedPair {
  readonly lower: string;
  readonly upper: string;
}

export interface ObjectFieldSpec extends FieldSpecBase {
  readonly kind: 'object';
  readonly fields: readonly FieldSpec[];
  readonly orderedPairs?: readonly OrderedPair[];
}

/** An object whose keys are names matching `keyPattern` and whose values are strings. */
export interface StringMapFieldSpec extends FieldSpecBase {
  readonly kind: 'stringMap';
  readonly keyPattern: string;
  readonly keyHint: string;
  readonly valueMaxLength: number;
}

/** A free-form object whose values may be any JSON. */
export interface JsonObjectFieldSpec extends FieldSpecBase {
  readonly kind: 'jsonObject';
}

/** A list whose items each pass `item` (named `field.0`, `field.1`…), with bounds on its length. */
export interface ListFieldSpec extends FieldSpecBase {
  readonly kind: 'list';
  readonly item: FieldSpec;
  readonly minItems?: number;
  readonly maxItems?: number;
}

export type FieldSpec =
  StringFieldSpec | IntegerFieldSpec | BooleanFieldSpec | ObjectFieldSpec | StringMapFieldSpec | JsonObjectFieldSpec | ListFieldSpec;

/** Fields that a single text box can edit. */
export type TextFieldSpec = StringFieldSpec | IntegerFieldSpec;
