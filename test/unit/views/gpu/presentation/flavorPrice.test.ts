import * as assert from 'node:assert/strict';
import type { FlavorPrice } from '../../../../../src/api/gpu/gpuFlavorTypes';
import { formatMoney } from '../../../../../src/views/presentation/money';
import { formatHourlyPrice } from '../../../../../src/views/gpu/presentation/flavorView';

const NBSP = '\u00a0';

describe('formatHourlyPrice', () => {
  const shown = (currency_code: string | null, price_per_hour: number | null): FlavorPrice => ({
    currency_code,
    price_per_hour,
    price_per_month: null,
    price_status: 'show',
  });

  const cases: [string, FlavorPrice | null | undefined, string | undefined][] = [
    ['euros', shown('EUR', 1.234), '€1.23/h'],
    ['dollars with two decimals', shown('USD', 0.5), '$0.50/h'],
    ['a large amount', shown('USD', 1234.5), '$1,234.50/h'],
    ['a tiny price keeps four decimals', shown('USD', 0.0042), '$0.0042/h'],
    ['a small price is rounded to four decimals', shown('EUR', 0.123456), '€0.1235/h'],
    ['zero', shown('EUR', 0), '€0.00/h'],
    ['a code without a symbol', shown('CHF', 2), `CHF${NBSP}2.00/h`],
    ['an unknown but well-formed code', shown('XYZ', 1.5), `XYZ${NBSP}1.50/h`],
    ['a lower-case code', shown('eur', 1), '€1.00/h'],
    ['a currency without minor units', shown('JPY', 120), '¥120/h'],
    ['a malformed code', shown('EURO', 1.5), '1.50 EURO/h'],
    ['no currency code', shown(null, 1.5), '1.50/h'],
    ['status hide', { currency_code: 'EUR', price_per_hour: 1.2, price_status: 'hide' }, undefined],
    ['status error', { currency_code: 'EUR', price_per_hour: 1.2, price_status: 'error' }, undefined],
    ['status null', { currency_code: 'EUR', price_per_hour: 1.2, price_status: null }, undefined],
    ['status missing', { currency_code: 'EUR', price_per_hour: 1.2 }, undefined],
    ['shown but no hourly amount', shown('EUR', null), undefined],
    ['shown but not a finite amount', shown('EUR', Number.NaN), undefined],
    ['shown but infinite', shown('EUR', Number.POSITIVE_INFINITY), undefined],
    ['price null', null, undefined],
    ['price missing', undefined, undefined],
  ];
  for (const [title, price, expected] of cases) {
    it(`${title} → ${JSON.stringify(expected)}`, () => {
      assert.equal(formatHourlyPrice(price), expected);
    });
  }

  it('formats the same currency the same way on repeated calls', () => {
    assert.equal(formatHourlyPrice(shown('GBP', 0.25)), '£0.25/h');
    assert.equal(formatHourlyPrice(shown('GBP', 3)), '£3.00/h');
    assert.equal(formatHourlyPrice(shown('GBP', 0.25)), '£0.25/h');
  });

  it('formats each amount as Intl does, whether it was formatted before or not, across many amounts and currencies', () => {
    const euros = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });
    const amounts = Array.from({ length: 3000 }, (_, index) => 1 + index / 100);
    for (let pass = 0; pass < 2; pass++) {
      for (const amount of amounts) assert.equal(formatMoney(amount, 'EUR'), euros.format(amount));
    }
    const codes = Array.from(
      { length: 40 },
      (_, index) => `X${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))}`,
    );
    for (let pass = 0; pass < 2; pass++) {
      for (const code of codes) assert.equal(formatMoney(2, code), `${code}${NBSP}2.00`);
    }
  });

  it('keeps the sign of minus zero apart from zero', () => {
    assert.equal(formatMoney(0, 'EUR'), '€0.00');
    assert.equal(formatMoney(-0, 'EUR'), '-€0.00');
    assert.equal(formatMoney(0, 'EUR'), '€0.00');
  });
});
