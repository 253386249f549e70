import type { BodyInput } from '@/lib/api/contract';
import { quotesApi } from '@/lib/api/quotes';
import { callApi } from './client';

export const setQuoteStatus = (id: number, body: BodyInput<typeof quotesApi.update>) =>
  callApi(quotesApi.update, { params: { id: String(id) }, body });
