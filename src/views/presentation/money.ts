import { remembered } from '../../core/boundedMemory';
import { lazy } from './lazy';
import { nonEmptyText } from './wireValues';

/**
 * Intl's English currency format for every well-formed ISO code, so symbols ("€", "$") and codes ("CHF", "XYZ")
 * come out by one rule. Amounts below 1 keep up to 4 fraction digits: GPU prices per hour can be fractions of a cent.
 */
export function formatMoney(amount: number, currencyCode: unknown): string {
  const code = nonEmptyText(currencyCode);
  // Intl writes -0 with a sign, and a Map cannot tell it from 0.
  if (Object.is(amount, -0)) return formatMoneyOnce(amount, code);
  const amounts = remembered(formattedAmounts, code, CURRENCIES_REMEMBERED, () => new Map<number, string>());
  return remembered(amounts, amount, AMOUNTS_REMEMBERED, () => formatMoneyOnce(amount, code));
}

/**
 * Formatted amounts by currency code, then by amount: a price list of thousands of flavors repeats a few
 * amounts, and Intl takes about half a microsecond to format one, most of a priced row's time.
 */
const formattedAmounts = new Map<string | undefined, Map<number, string>>();
const CURRENCIES_REMEMBERED = 16;
const AMOUNTS_REMEMBERED = 1024;

function formatMoneyOnce(amount: number, code: string | undefined): string {
  const small = Math.abs(amount) < 1;
  if (code !== undefined) {
    const currency = currencyFormat(code, small);
    if (currency !== undefined) return currency.format(amount);
  }
  const number = (small ? smallAmountFormat() : amountFormat()).format(amount);
  return code === undefined ? number : `${number} ${code}`;
}

const amountFormat = lazy(() => new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const smallAmountFormat = lazy(() => new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 4 }));

// Building a NumberFormat is far slower than using one, and a price list repeats the same currency thousands of times.
const currencyFormats = new Map<string, Intl.NumberFormat | undefined>();

function currencyFormat(code: string, small: boolean): Intl.NumberFormat | undefined {
  const cacheKey = `${code}|${small}`;
  if (!currencyFormats.has(cacheKey)) currencyFormats.set(cacheKey, createCurrencyFormat(code, small));
  return currencyFormats.get(cacheKey);
}

function createCurrencyFormat(code: string, small: boolean): Intl.NumberFormat | undefined {
  let standard: Intl.NumberFormat;
  try {
    standard = new Intl.NumberFormat('en', { style: 'currency', currency: code });
  } catch {
    return undefined;
  }
  if (!small) return standard;
  const { minimumFractionDigits } = standard.resolvedOptions();
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    minimumFractionDigits,
    maximumFractionDigits: Math.max(minimumFractionDigits ?? 0, 4),
  });
}
