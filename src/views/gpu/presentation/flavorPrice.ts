import * as l10n from '@vscode/l10n';
import type { FlavorPrice } from '../../../api/gpu/gpuFlavorTypes';
import { finiteNumber } from '../../presentation/wireValues';
import { formatMoney } from '../../presentation/money';
import { rowMessage } from '../../presentation/rowMessage';

const perHourText = rowMessage((amount: string) => l10n.t('{0}/h', amount));

/** The API's own verdict on whether a price may be shown; amounts sent with another status are not to be trusted. */
export function isPriceShown(price: FlavorPrice | null | undefined): price is FlavorPrice {
  return price?.price_status === 'show';
}

/** "€1.23/h", "$0.0042/h", "CHF 1.23/h"; undefined unless the API says to show a finite hourly price. */
export function formatHourlyPrice(price: FlavorPrice | null | undefined): string | undefined {
  if (!isPriceShown(price)) return undefined;
  const amount = finiteNumber(price.price_per_hour);
  return amount === undefined ? undefined : perHourText(formatMoney(amount, price.currency_code));
}
