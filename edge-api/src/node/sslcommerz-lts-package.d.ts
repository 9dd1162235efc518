/** The official package ships no types: the calls node/sslcommerz-lts.ts makes, as its source has them. */
declare module 'sslcommerz-lts' {
  export default class SSLCommerzPayment {
    constructor(storeId: string, storePassword: string, live?: boolean);
    init(data: Record<string, unknown>, url?: string | false, method?: string): Promise<unknown>;
    validate(data: { val_id: string }, url?: string | false, method?: string): Promise<unknown>;
    initiateRefund(
      data: { refund_amount: string; refund_remarks: string; bank_tran_id: string; refe_id: string },
      url?: string | false,
      method?: string,
    ): Promise<unknown>;
  }
}
