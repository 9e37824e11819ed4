/**
 * Generated from facturas-api's OpenAPI document by openapi-typescript (npm run client:generate). Do not edit.
 */

export interface paths {
    "/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Get an access token (CO companies) */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/document-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Document types (invoice FV, credit note NC, debit note ND, cash receipt RC) */
        get: operations["listDocumentTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/document-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Document types (invoice FV, credit note NC, debit note ND, cash receipt RC) */
        get: operations["getDocumentType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Sellers (users of the company) */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Sellers (users of the company) */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/taxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Taxes and withholdings */
        get: operations["listTaxes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/taxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Taxes and withholdings */
        get: operations["getTax"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Payment types (MX: payment conditions) */
        get: operations["listPaymentTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Payment types (MX: payment conditions) */
        get: operations["getPaymentType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/warehouses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Warehouses */
        get: operations["listWarehouses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/warehouses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Warehouses */
        get: operations["getWarehouse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cost-centers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Cost centers */
        get: operations["listCostCenters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/cost-centers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Cost centers */
        get: operations["getCostCenter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Account groups (inventory classifications; a product's account_group) */
        get: operations["listAccountGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Account groups (inventory classifications; a product's account_group) */
        get: operations["getAccountGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/price-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Price lists (the positions of a product's prices) */
        get: operations["listPriceLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/price-lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Price lists (the positions of a product's prices) */
        get: operations["getPriceList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Chart of accounts */
        get: operations["listAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Chart of accounts */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global-discounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Global discounts (ids for global_discounts) */
        get: operations["listGlobalDiscounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global-discounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Global discounts (ids for global_discounts) */
        get: operations["getGlobalDiscount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global-charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Global charges (ids for global_charges) */
        get: operations["listGlobalCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/global-charges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Global charges (ids for global_charges) */
        get: operations["getGlobalCharge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers */
        get: operations["listCustomers"];
        put?: never;
        /** Create a customer */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer */
        get: operations["getCustomer"];
        /** Replace a customer */
        put: operations["updateCustomer"];
        post?: never;
        /** Delete a customer that no invoice or voucher names */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products and services */
        get: operations["listProducts"];
        put?: never;
        /** Create a product */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product */
        get: operations["getProduct"];
        /** Replace a product */
        put: operations["updateProduct"];
        post?: never;
        /** Delete a product that no invoice names */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoices, newest first */
        get: operations["listInvoices"];
        put?: never;
        /** Create a Colombian invoice */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate and compute an invoice without storing it or taking a number */
        post: operations["previewInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an invoice */
        get: operations["getInvoice"];
        /** Replace a Draft or Rejected invoice (same rules as creation; its number does not change) */
        put: operations["updateInvoice"];
        post?: never;
        /** Delete an invoice that never reached the DIAN (Draft or Rejected; every invoice of a type that is not electronic) and that no cash receipt pays: its number stays used, its journal entry and due items are reversed */
        delete: operations["deleteInvoice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Annul an invoice: reverses its journal entry (dated today, or on the invoice's date if later) and its open due items */
        post: operations["annulInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/stamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a Draft (or a corrected Rejected) invoice to the DIAN */
        post: operations["stampInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/stamp/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why the DIAN rejected an invoice (rule codes and messages) */
        get: operations["getInvoiceStampErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed UBL XML: {"base64": …}, or the XML itself with Accept: application/xml */
        get: operations["getInvoiceXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List credit notes, newest first */
        get: operations["listCreditNotes"];
        put?: never;
        /** Create a credit note that corrects an invoice */
        post: operations["createCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate and compute a credit note without storing it or taking a number */
        post: operations["previewCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a credit note */
        get: operations["getCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/stamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a Draft (or a Rejected) credit note to the DIAN */
        post: operations["stampCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/stamp/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why the DIAN rejected a credit note (rule codes and messages) */
        get: operations["getCreditNoteStampErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed UBL CreditNote: {"base64": …}, or the XML itself with Accept: application/xml */
        get: operations["getCreditNoteXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Annul a credit note that never reached the DIAN: gives back what it settled on the invoice and reverses its journal entry */
        post: operations["annulCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List debit notes, newest first */
        get: operations["listDebitNotes"];
        put?: never;
        /** Create a debit note that corrects an invoice */
        post: operations["createDebitNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate and compute a debit note without storing it or taking a number */
        post: operations["previewDebitNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a debit note */
        get: operations["getDebitNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/{id}/stamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a Draft (or a Rejected) debit note to the DIAN */
        post: operations["stampDebitNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/{id}/stamp/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why the DIAN rejected a debit note (rule codes and messages) */
        get: operations["getDebitNoteStampErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed UBL DebitNote: {"base64": …}, or the XML itself with Accept: application/xml */
        get: operations["getDebitNoteXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/{id}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Annul a debit note that never reached the DIAN: gives back what it settled on the invoice and reverses its journal entry */
        post: operations["annulDebitNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List cash receipt vouchers, newest first */
        get: operations["listVouchers"];
        put?: never;
        /** Create a cash receipt voucher (DebtPayment, AdvancePayment or Detailed) */
        post: operations["createVoucher"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a cash receipt voucher */
        get: operations["getVoucher"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers/{id}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Annul a voucher: gives back what it paid on due items and reverses its journal entry */
        post: operations["annulVoucher"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/trial-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trial balance: opening balance, debits, credits and closing balance per account */
        get: operations["getTrialBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/reports/accounts-receivable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts receivable: open due items per customer with aging buckets, by pages of customers (totals of the whole report on every page) */
        get: operations["getAccountsReceivable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the invoice (PDF, and the XML once accepted) to the customer or to mail_to */
        post: operations["mailInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invoice as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf */
        get: operations["getInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers/{id}/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the voucher (PDF) to the customer or to mail_to */
        post: operations["mailVoucher"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/vouchers/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The voucher as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf */
        get: operations["getVoucherPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the credit note (PDF, and the XML once accepted) to the customer or to mail_to */
        post: operations["mailCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/credit-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The credit note as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf */
        get: operations["getCreditNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/{id}/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the debit note (PDF, and the XML once accepted) to the customer or to mail_to */
        post: operations["mailDebitNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/debit-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The debit note as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf */
        get: operations["getDebitNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhooks */
        get: operations["listWebhooks"];
        put?: never;
        /** Subscribe a URL to events of this company's documents; the answer holds the signing secret, shown only once */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook (without its secret) */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook: no more deliveries; its pending ones end as failed */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's deliveries, newest first */
        get: operations["getWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{delivery}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again now (a failed one, or a pending one without waiting for its backoff) */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Get an access token (MX companies) */
        post: operations["mxLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/document-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Document types (invoice FV, credit note NC, debit note ND, cash receipt RC) */
        get: operations["mxListDocumentTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/document-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Document types (invoice FV, credit note NC, debit note ND, cash receipt RC) */
        get: operations["mxGetDocumentType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Sellers (users of the company) */
        get: operations["mxListUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Sellers (users of the company) */
        get: operations["mxGetUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/taxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Taxes and withholdings */
        get: operations["mxListTaxes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/taxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Taxes and withholdings */
        get: operations["mxGetTax"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payment-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Payment types (MX: payment conditions) */
        get: operations["mxListPaymentTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payment-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Payment types (MX: payment conditions) */
        get: operations["mxGetPaymentType"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/warehouses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Warehouses */
        get: operations["mxListWarehouses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/warehouses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Warehouses */
        get: operations["mxGetWarehouse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/cost-centers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Cost centers */
        get: operations["mxListCostCenters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/cost-centers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Cost centers */
        get: operations["mxGetCostCenter"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/account-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Account groups (inventory classifications; a product's account_group) */
        get: operations["mxListAccountGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/account-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Account groups (inventory classifications; a product's account_group) */
        get: operations["mxGetAccountGroup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/price-lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Price lists (the positions of a product's prices) */
        get: operations["mxListPriceLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/price-lists/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Price lists (the positions of a product's prices) */
        get: operations["mxGetPriceList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Chart of accounts */
        get: operations["mxListAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Chart of accounts */
        get: operations["mxGetAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/global-discounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Global discounts (ids for global_discounts) */
        get: operations["mxListGlobalDiscounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/global-discounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Global discounts (ids for global_discounts) */
        get: operations["mxGetGlobalDiscount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/global-charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List: Global charges (ids for global_charges) */
        get: operations["mxListGlobalCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/global-charges/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one: Global charges (ids for global_charges) */
        get: operations["mxGetGlobalCharge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/uses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** CFDI uses (SAT c_UsoCFDI) with the person types allowed */
        get: operations["mxListUses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/uses/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One CFDI use */
        get: operations["mxGetUse"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List customers */
        get: operations["mxListCustomers"];
        put?: never;
        /** Create a customer */
        post: operations["mxCreateCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a customer */
        get: operations["mxGetCustomer"];
        /** Replace a customer */
        put: operations["mxUpdateCustomer"];
        post?: never;
        /** Delete a customer that no invoice or voucher names */
        delete: operations["mxDeleteCustomer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products and services */
        get: operations["mxListProducts"];
        put?: never;
        /** Create a product */
        post: operations["mxCreateProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product */
        get: operations["mxGetProduct"];
        /** Replace a product */
        put: operations["mxUpdateProduct"];
        post?: never;
        /** Delete a product that no invoice names */
        delete: operations["mxDeleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List invoices, newest first */
        get: operations["mxListInvoices"];
        put?: never;
        /** Create a Mexican invoice */
        post: operations["mxCreateInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate and compute an invoice without storing it or taking a number */
        post: operations["mxPreviewInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an invoice */
        get: operations["mxGetInvoice"];
        put?: never;
        post?: never;
        /** Delete an invoice whose CFDI was never stamped (Draft or Rejected): its number stays used, its journal entry and due items are reversed; a stamped CFDI is cancelled, not deleted */
        delete: operations["mxDeleteInvoice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Annul an invoice: reverses its journal entry (dated today, or on the invoice's date if later) and its open due items */
        post: operations["mxAnnulInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}/stamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a Draft (or a corrected Rejected) invoice to the stamping provider (PAC) */
        post: operations["mxStampInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}/stamp/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why the stamping provider (PAC) rejected an invoice (rule codes and messages) */
        get: operations["mxGetInvoiceStampErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sealed (and, once stamped, stamped) CFDI XML: {"base64": …}, or the XML itself with Accept: application/xml */
        get: operations["mxGetInvoiceXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a stamped invoice with the SAT (motive 01–04); only Cancelled reverses its ledger entry and receivable */
        post: operations["mxCancelInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List credit notes, newest first */
        get: operations["mxListCreditNotes"];
        put?: never;
        /** Create a credit note (CFDI type E related to stamped invoices with TipoRelacion 01) */
        post: operations["mxCreateCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate and compute a credit note without storing it or taking a number */
        post: operations["mxPreviewCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a credit note */
        get: operations["mxGetCreditNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}/stamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a Draft (or a Rejected) credit note to the stamping provider */
        post: operations["mxStampCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}/stamp/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why the stamping provider rejected a credit note */
        get: operations["mxGetCreditNoteStampErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sealed (or stamped) CFDI: {"base64": …}, or the XML itself with Accept: application/xml */
        get: operations["mxGetCreditNoteXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Annul a credit note never stamped: gives back what it applied and reverses its journal entry */
        post: operations["mxAnnulCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a stamped credit note with the SAT (motive 01–04); only Cancelled reverses its ledger entry and receivable */
        post: operations["mxCancelCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List payment receipts, newest first */
        get: operations["mxListPayments"];
        put?: never;
        /** Create a payment receipt (CFDI type P, Pagos 2.0) for payments of PPD invoices */
        post: operations["mxCreatePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate and compute a payment receipt without storing it or taking a number */
        post: operations["mxPreviewPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a payment receipt */
        get: operations["mxGetPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}/stamp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a Draft (or a Rejected) payment receipt to the stamping provider */
        post: operations["mxStampPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}/stamp/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why the stamping provider rejected a payment receipt */
        get: operations["mxGetPaymentStampErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}/xml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sealed (or stamped) CFDI: {"base64": …}, or the XML itself with Accept: application/xml */
        get: operations["mxGetPaymentXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a stamped payment receipt with the SAT (motive 01–04); only Cancelled reverses its ledger entry and receivable */
        post: operations["mxCancelPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}/annul": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Annul a payment receipt never stamped: gives back what it paid on the invoices and reverses its journal entry */
        post: operations["mxAnnulPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/reports/trial-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trial balance: opening balance, debits, credits and closing balance per account */
        get: operations["mxGetTrialBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/reports/accounts-receivable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts receivable: open due items per customer with aging buckets, by pages of customers (totals of the whole report on every page) */
        get: operations["mxGetAccountsReceivable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the invoice (PDF, and the XML once accepted) to the customer or to mail_to */
        post: operations["mxMailInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invoice as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf */
        get: operations["mxGetInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the credit note (PDF, and the XML once accepted) to the customer or to mail_to */
        post: operations["mxMailCreditNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/credit-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The credit note as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf */
        get: operations["mxGetCreditNotePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail the payment receipt (PDF, and the XML once accepted) to the customer or to mail_to */
        post: operations["mxMailPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/payments/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payment receipt as a PDF: {"base64": …}, or the PDF itself with Accept: application/pdf */
        get: operations["mxGetPaymentPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhooks */
        get: operations["mxListWebhooks"];
        put?: never;
        /** Subscribe a URL to events of this company's documents; the answer holds the signing secret, shown only once */
        post: operations["mxCreateWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a webhook (without its secret) */
        get: operations["mxGetWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook: no more deliveries; its pending ones end as failed */
        delete: operations["mxDeleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook's deliveries, newest first */
        get: operations["mxGetWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mx/v1/webhooks/{id}/deliveries/{delivery}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again now (a failed one, or a pending one without waiting for its backoff) */
        post: operations["mxRetryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every non-2xx answer has this body */
        ErrorBody: {
            Status: number;
            Errors: {
                Code: string;
                Message: string;
                Params: string[];
                Detail?: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    access_key: string;
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @constant */
                        token_type: "Bearer";
                        expires_in: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Wrong username or access key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listDocumentTypes: {
        parameters: {
            query?: {
                /** @description FV invoices, NC credit notes, ND debit notes, RC cash receipts; without it, every type */
                type?: "FV" | "NC" | "ND" | "RC" | "P";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        description: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        seller_by_item: boolean;
                        customer_by_item: boolean;
                        cost_center: boolean;
                        cost_center_mandatory: boolean;
                        automatic_number: boolean;
                        /** @description Next number to be taken */
                        consecutive: number;
                        /** @description Percentage or Value: how items.discount is read */
                        discount_type: string;
                        decimals: boolean;
                        advance_payment: boolean;
                        reteiva: boolean;
                        reteica: boolean;
                        self_withholding: boolean;
                        /** @description NoElectronic or ElectronicInvoice */
                        electronic_type: string;
                        cargo_transportation: boolean;
                        healthcare_company: boolean;
                        prefix: string;
                        /** @description DIAN numbering resolution (electronic types only) */
                        resolution?: {
                            number: string;
                            prefix: string;
                            from: number;
                            to: number;
                            /** Format: date */
                            valid_from: string;
                            /** Format: date */
                            valid_to: string;
                        };
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDocumentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        description: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        seller_by_item: boolean;
                        customer_by_item: boolean;
                        cost_center: boolean;
                        cost_center_mandatory: boolean;
                        automatic_number: boolean;
                        /** @description Next number to be taken */
                        consecutive: number;
                        /** @description Percentage or Value: how items.discount is read */
                        discount_type: string;
                        decimals: boolean;
                        advance_payment: boolean;
                        reteiva: boolean;
                        reteica: boolean;
                        self_withholding: boolean;
                        /** @description NoElectronic or ElectronicInvoice */
                        electronic_type: string;
                        cargo_transportation: boolean;
                        healthcare_company: boolean;
                        prefix: string;
                        /** @description DIAN numbering resolution (electronic types only) */
                        resolution?: {
                            number: string;
                            prefix: string;
                            from: number;
                            to: number;
                            /** Format: date */
                            valid_from: string;
                            /** Format: date */
                            valid_to: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            username: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                            identification: string;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        username: string;
                        first_name: string;
                        last_name: string;
                        email: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        identification: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTaxes: {
        parameters: {
            query?: {
                /** @description IVA, Impoconsumo, Retefuente, ReteIVA, ReteICA, Autorretencion, AdValorem (CO); IVA, ReteIVA, ReteISR, IEPS (MX) */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        percentage: number;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTax: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        percentage: number;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listPaymentTypes: {
        parameters: {
            query: {
                /** @description FV: payments of invoices; NC: how credit notes are settled; ND: of debit notes; RC: of cash receipts */
                document_type: "FV" | "NC" | "ND" | "RC" | "P";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        /** @description A payment of this type is credit: it needs a due_date and leaves a receivable */
                        due_date: boolean;
                        /** @description MX: c_FormaPago */
                        sat_code?: string;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPaymentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        /** @description A payment of this type is credit: it needs a due_date and leaves a receivable */
                        due_date: boolean;
                        /** @description MX: c_FormaPago */
                        sat_code?: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWarehouses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWarehouse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCostCenters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCostCenter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAccountGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listPriceLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        position: number;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPriceList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        position: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                /** @description Accounts whose code starts with this */
                code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            code: string;
                            name: string;
                            /** @description Debit or Credit */
                            nature: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        /** @description Debit or Credit */
                        nature: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listGlobalDiscounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            name: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGlobalDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listGlobalCharges: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            name: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGlobalCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                /** @description Identification number */
                identification?: string;
                branch_office?: number;
                person_type?: string;
                type?: string;
                active?: boolean;
                /** @description Created on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Created on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            /** @description Customer, Supplier or Other */
                            type: string;
                            /** @description Person or Company */
                            person_type: string;
                            id_type: {
                                code: string;
                                name: string;
                            };
                            identification: string;
                            check_digit?: string;
                            branch_office: number;
                            name: string[];
                            commercial_name?: string;
                            active: boolean;
                            vat_responsible: boolean;
                            fiscal_responsibilities: {
                                code: string;
                                name?: string;
                            }[];
                            tax_regime?: string;
                            address: {
                                address?: string;
                                city?: {
                                    country_code?: string;
                                    state_code?: string;
                                    city_code?: string;
                                    city_name?: string;
                                    state_name?: string;
                                };
                                fiscal_residence?: string;
                                foreign_tax_id?: string;
                                postal_code?: string;
                                street?: string;
                                exterior_number?: string;
                                interior_number?: string;
                                colony?: string;
                                locality?: string;
                            };
                            phones: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            }[];
                            contacts: {
                                first_name?: string;
                                last_name?: string;
                                email?: string;
                                phone?: {
                                    indicative?: string;
                                    number?: string;
                                    extension?: string;
                                };
                            }[];
                            comments?: string;
                            related_users?: {
                                seller_id?: number;
                                collector_id?: number;
                            };
                            custom_fields: {
                                key: string;
                                value: string;
                            }[];
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                            };
                            /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                            advance_balance?: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Customer */
                    type: string;
                    /** @description Person or Company, in any letter case (person, company) */
                    person_type: string;
                    /** @description DIAN code (13 cédula, 31 NIT, 22 cédula de extranjería, 41 pasaporte, …), or the answer's {code, name} */
                    id_type: string | {
                        code: string;
                        name?: string;
                    };
                    identification: string;
                    /** @description NIT check digit (computed when omitted) */
                    check_digit?: string;
                    /** @default 0 */
                    branch_office: number;
                    /** @description A company: one element (or a string). A person: two elements, first names and last names. */
                    name: string | string[];
                    commercial_name?: string;
                    /** @default true */
                    active: boolean;
                    /** @default false */
                    vat_responsible: boolean;
                    /** @default [] */
                    fiscal_responsibilities: {
                        code: string;
                        name?: string;
                    }[];
                    tax_regime?: string;
                    address: {
                        address: string;
                        city: {
                            /** @description ISO 3166 code in any letter case (CO, Co); answered in capitals */
                            country_code: string;
                            state_code: string;
                            city_code: string;
                            /** @description Abroad: the city, as text (in Colombia the DIVIPOLA name is used) */
                            city_name?: string;
                            /** @description Abroad: the state or province, as text */
                            state_name?: string;
                        };
                        postal_code?: string;
                    };
                    /** @default [] */
                    phones: {
                        /** @description Country or area code */
                        indicative?: string;
                        number: string;
                        extension?: string;
                    }[];
                    /** @default [] */
                    contacts: {
                        first_name: string;
                        last_name?: string;
                        /** Format: email */
                        email?: string;
                        phone?: {
                            /** @description Country or area code */
                            indicative?: string;
                            number: string;
                            extension?: string;
                        };
                    }[];
                    comments?: string;
                    related_users?: {
                        seller_id?: number;
                        collector_id?: number;
                    };
                    /** @default [] */
                    custom_fields: {
                        key: string;
                        value: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Customer, Supplier or Other */
                        type: string;
                        /** @description Person or Company */
                        person_type: string;
                        id_type: {
                            code: string;
                            name: string;
                        };
                        identification: string;
                        check_digit?: string;
                        branch_office: number;
                        name: string[];
                        commercial_name?: string;
                        active: boolean;
                        vat_responsible: boolean;
                        fiscal_responsibilities: {
                            code: string;
                            name?: string;
                        }[];
                        tax_regime?: string;
                        address: {
                            address?: string;
                            city?: {
                                country_code?: string;
                                state_code?: string;
                                city_code?: string;
                                city_name?: string;
                                state_name?: string;
                            };
                            fiscal_residence?: string;
                            foreign_tax_id?: string;
                            postal_code?: string;
                            street?: string;
                            exterior_number?: string;
                            interior_number?: string;
                            colony?: string;
                            locality?: string;
                        };
                        phones: {
                            indicative?: string;
                            number?: string;
                            extension?: string;
                        }[];
                        contacts: {
                            first_name?: string;
                            last_name?: string;
                            email?: string;
                            phone?: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            };
                        }[];
                        comments?: string;
                        related_users?: {
                            seller_id?: number;
                            collector_id?: number;
                        };
                        custom_fields: {
                            key: string;
                            value: string;
                        }[];
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                        /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                        advance_balance?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Customer, Supplier or Other */
                        type: string;
                        /** @description Person or Company */
                        person_type: string;
                        id_type: {
                            code: string;
                            name: string;
                        };
                        identification: string;
                        check_digit?: string;
                        branch_office: number;
                        name: string[];
                        commercial_name?: string;
                        active: boolean;
                        vat_responsible: boolean;
                        fiscal_responsibilities: {
                            code: string;
                            name?: string;
                        }[];
                        tax_regime?: string;
                        address: {
                            address?: string;
                            city?: {
                                country_code?: string;
                                state_code?: string;
                                city_code?: string;
                                city_name?: string;
                                state_name?: string;
                            };
                            fiscal_residence?: string;
                            foreign_tax_id?: string;
                            postal_code?: string;
                            street?: string;
                            exterior_number?: string;
                            interior_number?: string;
                            colony?: string;
                            locality?: string;
                        };
                        phones: {
                            indicative?: string;
                            number?: string;
                            extension?: string;
                        }[];
                        contacts: {
                            first_name?: string;
                            last_name?: string;
                            email?: string;
                            phone?: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            };
                        }[];
                        comments?: string;
                        related_users?: {
                            seller_id?: number;
                            collector_id?: number;
                        };
                        custom_fields: {
                            key: string;
                            value: string;
                        }[];
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                        /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                        advance_balance?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Customer */
                    type: string;
                    /** @description Person or Company, in any letter case (person, company) */
                    person_type: string;
                    /** @description DIAN code (13 cédula, 31 NIT, 22 cédula de extranjería, 41 pasaporte, …), or the answer's {code, name} */
                    id_type: string | {
                        code: string;
                        name?: string;
                    };
                    identification: string;
                    /** @description NIT check digit (computed when omitted) */
                    check_digit?: string;
                    /** @default 0 */
                    branch_office: number;
                    /** @description A company: one element (or a string). A person: two elements, first names and last names. */
                    name: string | string[];
                    commercial_name?: string;
                    /** @default true */
                    active: boolean;
                    /** @default false */
                    vat_responsible: boolean;
                    /** @default [] */
                    fiscal_responsibilities: {
                        code: string;
                        name?: string;
                    }[];
                    tax_regime?: string;
                    address: {
                        address: string;
                        city: {
                            /** @description ISO 3166 code in any letter case (CO, Co); answered in capitals */
                            country_code: string;
                            state_code: string;
                            city_code: string;
                            /** @description Abroad: the city, as text (in Colombia the DIVIPOLA name is used) */
                            city_name?: string;
                            /** @description Abroad: the state or province, as text */
                            state_name?: string;
                        };
                        postal_code?: string;
                    };
                    /** @default [] */
                    phones: {
                        /** @description Country or area code */
                        indicative?: string;
                        number: string;
                        extension?: string;
                    }[];
                    /** @default [] */
                    contacts: {
                        first_name: string;
                        last_name?: string;
                        /** Format: email */
                        email?: string;
                        phone?: {
                            /** @description Country or area code */
                            indicative?: string;
                            number: string;
                            extension?: string;
                        };
                    }[];
                    comments?: string;
                    related_users?: {
                        seller_id?: number;
                        collector_id?: number;
                    };
                    /** @default [] */
                    custom_fields: {
                        key: string;
                        value: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Customer, Supplier or Other */
                        type: string;
                        /** @description Person or Company */
                        person_type: string;
                        id_type: {
                            code: string;
                            name: string;
                        };
                        identification: string;
                        check_digit?: string;
                        branch_office: number;
                        name: string[];
                        commercial_name?: string;
                        active: boolean;
                        vat_responsible: boolean;
                        fiscal_responsibilities: {
                            code: string;
                            name?: string;
                        }[];
                        tax_regime?: string;
                        address: {
                            address?: string;
                            city?: {
                                country_code?: string;
                                state_code?: string;
                                city_code?: string;
                                city_name?: string;
                                state_name?: string;
                            };
                            fiscal_residence?: string;
                            foreign_tax_id?: string;
                            postal_code?: string;
                            street?: string;
                            exterior_number?: string;
                            interior_number?: string;
                            colony?: string;
                            locality?: string;
                        };
                        phones: {
                            indicative?: string;
                            number?: string;
                            extension?: string;
                        }[];
                        contacts: {
                            first_name?: string;
                            last_name?: string;
                            email?: string;
                            phone?: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            };
                        }[];
                        comments?: string;
                        related_users?: {
                            seller_id?: number;
                            collector_id?: number;
                        };
                        custom_fields: {
                            key: string;
                            value: string;
                        }[];
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                        /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                        advance_balance?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference API's delete result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        deleted: boolean;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                code?: string;
                /** @description Up to 20 product ids, comma-separated: ids=12,15 */
                ids?: string;
                type?: string;
                /** @description Account group id (see /v1/account-groups) */
                account_group?: number;
                stock_control?: boolean;
                active?: boolean;
                /** @description Created on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Created on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            code: string;
                            name: string;
                            account_group?: {
                                id: number;
                                name?: string;
                            };
                            /** @description Product, Service or ConsumerGood */
                            type: string;
                            stock_control: boolean;
                            active: boolean;
                            /** @description Taxed, Exempt or Excluded */
                            tax_classification: string;
                            tax_included: boolean;
                            tax_consumption_value?: number;
                            taxes: {
                                id: number;
                                name: string;
                                type: string;
                                percentage: number;
                            }[];
                            prices: {
                                currency_code: string;
                                price_list: {
                                    position: number;
                                    name: string;
                                    value: number;
                                }[];
                            }[];
                            unit: {
                                code: string;
                                name: string;
                            };
                            unit_label?: string;
                            reference?: string;
                            description?: string;
                            long_description?: string;
                            additional_fields?: {
                                barcode?: string;
                                brand?: string;
                                tariff?: string;
                                model?: string;
                            };
                            sat_product_key?: string;
                            sat_unit_key?: string;
                            tax_object?: string;
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                            };
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    name: string;
                    /** @description Inventory classification: an id of /v1/account-groups, or the answer's {id, name} */
                    account_group?: number | {
                        id: number;
                        name?: string;
                    };
                    /** @default Product */
                    type: string;
                    /** @default false */
                    stock_control: boolean;
                    /** @default true */
                    active: boolean;
                    /** @default Taxed */
                    tax_classification: string;
                    /**
                     * @description The prices include the product's taxes
                     * @default false
                     */
                    tax_included: boolean;
                    /** @description Value of the consumption tax (impuesto al consumo) */
                    tax_consumption_value?: number;
                    /**
                     * @description Default taxes of the product (see /v1/taxes)
                     * @default []
                     */
                    taxes: {
                        id: number;
                    }[];
                    /** @default [] */
                    prices: {
                        /** @description The company's currency (the default) or one of its enabled foreign currencies */
                        currency_code?: string;
                        price_list?: {
                            /** @description Position of a price list (see /v1/price-lists) */
                            position: number;
                            /** @description Answered from the price list when not set on the product */
                            name?: string;
                            value: number;
                        }[];
                        /** @description Position of a price list (see /v1/price-lists) */
                        position?: number;
                        /** @description Answered from the price list when not set on the product */
                        name?: string;
                        value?: number;
                    }[];
                    /**
                     * @description Unit of measure code (any letter case), or the answer's {code, name}
                     * @default 94
                     */
                    unit: string | {
                        code: string;
                        name?: string;
                    };
                    unit_label?: string;
                    reference?: string;
                    description?: string;
                    long_description?: string;
                    additional_fields?: {
                        barcode?: string;
                        brand?: string;
                        tariff?: string;
                        model?: string;
                    };
                    /** @description SAT c_ClaveProdServ */
                    sat_product_key?: string;
                    /** @description SAT c_ClaveUnidad */
                    sat_unit_key?: string;
                    /**
                     * @description SAT c_ObjetoImp
                     * @enum {string}
                     */
                    tax_object?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08";
                };
            };
        };
        responses: {
            /** @description The answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        account_group?: {
                            id: number;
                            name?: string;
                        };
                        /** @description Product, Service or ConsumerGood */
                        type: string;
                        stock_control: boolean;
                        active: boolean;
                        /** @description Taxed, Exempt or Excluded */
                        tax_classification: string;
                        tax_included: boolean;
                        tax_consumption_value?: number;
                        taxes: {
                            id: number;
                            name: string;
                            type: string;
                            percentage: number;
                        }[];
                        prices: {
                            currency_code: string;
                            price_list: {
                                position: number;
                                name: string;
                                value: number;
                            }[];
                        }[];
                        unit: {
                            code: string;
                            name: string;
                        };
                        unit_label?: string;
                        reference?: string;
                        description?: string;
                        long_description?: string;
                        additional_fields?: {
                            barcode?: string;
                            brand?: string;
                            tariff?: string;
                            model?: string;
                        };
                        sat_product_key?: string;
                        sat_unit_key?: string;
                        tax_object?: string;
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        account_group?: {
                            id: number;
                            name?: string;
                        };
                        /** @description Product, Service or ConsumerGood */
                        type: string;
                        stock_control: boolean;
                        active: boolean;
                        /** @description Taxed, Exempt or Excluded */
                        tax_classification: string;
                        tax_included: boolean;
                        tax_consumption_value?: number;
                        taxes: {
                            id: number;
                            name: string;
                            type: string;
                            percentage: number;
                        }[];
                        prices: {
                            currency_code: string;
                            price_list: {
                                position: number;
                                name: string;
                                value: number;
                            }[];
                        }[];
                        unit: {
                            code: string;
                            name: string;
                        };
                        unit_label?: string;
                        reference?: string;
                        description?: string;
                        long_description?: string;
                        additional_fields?: {
                            barcode?: string;
                            brand?: string;
                            tariff?: string;
                            model?: string;
                        };
                        sat_product_key?: string;
                        sat_unit_key?: string;
                        tax_object?: string;
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    name: string;
                    /** @description Inventory classification: an id of /v1/account-groups, or the answer's {id, name} */
                    account_group?: number | {
                        id: number;
                        name?: string;
                    };
                    /** @default Product */
                    type: string;
                    /** @default false */
                    stock_control: boolean;
                    /** @default true */
                    active: boolean;
                    /** @default Taxed */
                    tax_classification: string;
                    /**
                     * @description The prices include the product's taxes
                     * @default false
                     */
                    tax_included: boolean;
                    /** @description Value of the consumption tax (impuesto al consumo) */
                    tax_consumption_value?: number;
                    /**
                     * @description Default taxes of the product (see /v1/taxes)
                     * @default []
                     */
                    taxes: {
                        id: number;
                    }[];
                    /** @default [] */
                    prices: {
                        /** @description The company's currency (the default) or one of its enabled foreign currencies */
                        currency_code?: string;
                        price_list?: {
                            /** @description Position of a price list (see /v1/price-lists) */
                            position: number;
                            /** @description Answered from the price list when not set on the product */
                            name?: string;
                            value: number;
                        }[];
                        /** @description Position of a price list (see /v1/price-lists) */
                        position?: number;
                        /** @description Answered from the price list when not set on the product */
                        name?: string;
                        value?: number;
                    }[];
                    /**
                     * @description Unit of measure code (any letter case), or the answer's {code, name}
                     * @default 94
                     */
                    unit: string | {
                        code: string;
                        name?: string;
                    };
                    unit_label?: string;
                    reference?: string;
                    description?: string;
                    long_description?: string;
                    additional_fields?: {
                        barcode?: string;
                        brand?: string;
                        tariff?: string;
                        model?: string;
                    };
                    /** @description SAT c_ClaveProdServ */
                    sat_product_key?: string;
                    /** @description SAT c_ClaveUnidad */
                    sat_unit_key?: string;
                    /**
                     * @description SAT c_ObjetoImp
                     * @enum {string}
                     */
                    tax_object?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08";
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        account_group?: {
                            id: number;
                            name?: string;
                        };
                        /** @description Product, Service or ConsumerGood */
                        type: string;
                        stock_control: boolean;
                        active: boolean;
                        /** @description Taxed, Exempt or Excluded */
                        tax_classification: string;
                        tax_included: boolean;
                        tax_consumption_value?: number;
                        taxes: {
                            id: number;
                            name: string;
                            type: string;
                            percentage: number;
                        }[];
                        prices: {
                            currency_code: string;
                            price_list: {
                                position: number;
                                name: string;
                                value: number;
                            }[];
                        }[];
                        unit: {
                            code: string;
                            name: string;
                        };
                        unit_label?: string;
                        reference?: string;
                        description?: string;
                        long_description?: string;
                        additional_fields?: {
                            barcode?: string;
                            brand?: string;
                            tariff?: string;
                            model?: string;
                        };
                        sat_product_key?: string;
                        sat_unit_key?: string;
                        tax_object?: string;
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference API's delete result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        deleted: boolean;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                document_id?: number;
                customer_identification?: string;
                customer_branch_office?: number;
                name?: string;
                /** @description Documents dated on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Documents dated on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
                /** @description The id of a document of this list (usually the last of the page read): the page starts right after it, in the list's order, and `page` counts pages from there. Deep pages cost what the first one does */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: string | null;
                            document: {
                                id: number;
                                name: string;
                            };
                            prefix: string;
                            number: number | null;
                            name: string | null;
                            /** Format: date */
                            date: string;
                            customer: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            cost_center: number | null;
                            currency: {
                                code: string;
                                exchange_rate: number;
                            };
                            seller: number;
                            retentions: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            advance_payment: number;
                            subtotal: number;
                            taxes_total: number;
                            withholdings_total: number;
                            total: number;
                            amount_payable: number;
                            balance: number;
                            observations: string | null;
                            items: {
                                id: string | null;
                                code: string;
                                quantity: number;
                                price: number;
                                seller: number | null;
                                description: string;
                                discount: {
                                    percentage: number;
                                    value: number;
                                };
                                taxes: {
                                    id: number;
                                    name?: string | null;
                                    type: string;
                                    percentage: number;
                                    value: number;
                                    base_value: number;
                                }[];
                                warehouse: {
                                    id: number;
                                    name: string;
                                } | null;
                                customer?: {
                                    id: string | null;
                                    identification: string;
                                    branch_office: number;
                                };
                                tax_base?: number;
                                /** @enum {string} */
                                taxpayer?: "Customer" | "Company";
                                /** @description Cargo transport data; only on document types with cargo_transportation */
                                transport?: {
                                    file_number?: number;
                                    shipment_number?: string;
                                    /** @description No decimals, at most 8 digits */
                                    transported_quantity?: number;
                                    /** @enum {string} */
                                    measurement_unit?: "GLL" | "KGM";
                                    /** @description No decimals, at most 12 digits */
                                    freight_value?: number;
                                    purchase_order?: string;
                                    /** @enum {string} */
                                    service_type?: "AdditionalService" | "Shipment";
                                };
                                total: number;
                            }[];
                            global_discounts: {
                                id: number | null;
                                name: string;
                                percentage: number | null;
                                value: number;
                            }[];
                            global_charges: {
                                id: number | null;
                                name: string;
                                percentage: number | null;
                                value: number;
                            }[];
                            payments: {
                                id: number;
                                name: string;
                                value: number;
                                due_date: string | null;
                            }[];
                            additional_fields: {
                                purchase_order?: {
                                    prefix?: string;
                                    number?: string;
                                };
                                delivery_order?: {
                                    prefix?: string;
                                    number?: string;
                                    /** Format: date */
                                    date?: string;
                                };
                            } | null;
                            /** @description Healthcare sector data; only on document types with healthcare_company */
                            healthcare_company?: {
                                /** Format: date */
                                period_start?: string;
                                /** Format: date */
                                period_end?: string;
                                /** @enum {string} */
                                payment_method?: "01" | "02" | "03" | "04" | "05";
                                /** @enum {string} */
                                service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                                policy_number?: string;
                                contract_number?: string;
                                /** @description 10 integer digits and 2 decimals */
                                copayment?: number;
                                /** @description 10 integer digits and 2 decimals */
                                coinsurance?: number;
                                /** @description 10 integer digits and 2 decimals */
                                cost_sharing?: number;
                                /** @description 10 integer digits and 2 decimals */
                                recovery_charge?: number;
                            };
                            stamp: {
                                send: boolean;
                                status: "Draft" | "Pending" | "Accepted" | "Rejected";
                                cufe: string | null;
                                cude: string | null;
                                observations: string | null;
                                errors: string | null;
                            };
                            mail: {
                                send?: boolean;
                                status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                                observations: string | null;
                            };
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                                stock_updated?: null;
                            };
                            annulled: boolean;
                            /** @description Its credit notes that are not annulled */
                            credit_notes?: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                total: number;
                            }[];
                            /** @description Its debit notes that are not annulled */
                            debit_notes?: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                total: number;
                            }[];
                            /** @description What is left to credit: the total less its credit notes */
                            creditable?: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–64 letters, digits or hyphens: a retry with the same key and body answers the first result */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document": {
                 *         "id": 2
                 *       },
                 *       "date": "2026-11-26",
                 *       "customer": {
                 *         "identification": "900547821",
                 *         "branch_office": 0
                 *       },
                 *       "seller": 1,
                 *       "observations": "Pedido 1832",
                 *       "items": [
                 *         {
                 *           "code": "PORT14",
                 *           "quantity": 10,
                 *           "price": 100,
                 *           "discount": 50,
                 *           "taxes": [
                 *             {
                 *               "id": 1
                 *             }
                 *           ]
                 *         }
                 *       ],
                 *       "payments": [
                 *         {
                 *           "id": 1,
                 *           "value": 1130.5
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=FV) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    /** @description A reference to an existing customer, or a full customer record (with person_type) to create it with the invoice */
                    customer: {
                        identification: string;
                        /** @default 0 */
                        branch_office: number;
                    } & {
                        [key: string]: unknown;
                    };
                    cost_center?: number;
                    currency?: {
                        /** @enum {string} */
                        code: "COP" | "EUR" | "USD" | "ANG" | "ARS" | "AUD" | "BOB" | "BRL" | "CAD" | "CHF" | "CLP" | "CRC" | "GBP" | "GTQ" | "HNL" | "JPY" | "MXN" | "NZD" | "PAB" | "PEN" | "SGD" | "UYU";
                        exchange_rate?: number;
                    };
                    /** @description Seller id (see /v1/users) */
                    seller: number;
                    /** @description ReteIVA, ReteICA, Autorretencion */
                    retentions?: {
                        id: number;
                    }[];
                    /** @description Applied from the customer's unapplied advances (advance_balance); at most the total less the withholdings */
                    advance_payment?: number;
                    observations?: string;
                    items: {
                        /** @description Product code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes; required unless taxed_price is sent */
                        price?: number;
                        /** @description Unit price with IVA/INC included; replaces price */
                        taxed_price?: number;
                        /** @description Accepted and ignored: the total is computed */
                        total_price?: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        /** @description Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line */
                        seller?: number;
                        warehouse?: number;
                        vat_excluded?: boolean;
                        /** @description Omitted: the product's own taxes */
                        taxes?: {
                            id: number;
                        }[];
                        /** @description Third party of the line; only on document types with customer_by_item */
                        customer?: {
                            identification?: string;
                            /** @default 0 */
                            branch_office: number;
                        };
                        /** @description Gift line (price 0): base of its taxes */
                        tax_base?: number;
                        /**
                         * @description Gift line: who bears its taxes
                         * @enum {string}
                         */
                        taxpayer?: "Customer" | "Company";
                        /** @description Cargo transport data; only on document types with cargo_transportation */
                        transport?: {
                            file_number?: number;
                            shipment_number?: string;
                            /** @description No decimals, at most 8 digits */
                            transported_quantity?: number;
                            /** @enum {string} */
                            measurement_unit?: "GLL" | "KGM";
                            /** @description No decimals, at most 12 digits */
                            freight_value?: number;
                            purchase_order?: string;
                            /** @enum {string} */
                            service_type?: "AdditionalService" | "Shipment";
                        };
                    }[];
                    payments: {
                        /** @description Payment type id (see /v1/payment-types?document_type=FV) */
                        id: number;
                        value: number;
                        /** Format: date */
                        due_date?: string;
                    }[];
                    /** @description Purchase and delivery order data; each value at most 20 characters */
                    additional_fields?: {
                        purchase_order?: {
                            prefix?: string;
                            number?: string;
                        };
                        delivery_order?: {
                            prefix?: string;
                            number?: string;
                            /** Format: date */
                            date?: string;
                        };
                    };
                    /** @description The same object as additional_fields, in the spelling of the specification's field list; the answer says additional_fields */
                    adittional_fields?: {
                        purchase_order?: {
                            prefix?: string;
                            number?: string;
                        };
                        delivery_order?: {
                            prefix?: string;
                            number?: string;
                            /** Format: date */
                            date?: string;
                        };
                    };
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    global_charges?: {
                        id?: number;
                        percentage?: number;
                        value?: number;
                    }[];
                    global_discounts?: {
                        id?: number;
                        percentage?: number;
                        value?: number;
                    }[];
                    /** @description Healthcare sector data; only on document types with healthcare_company */
                    healthcare_company?: {
                        /** Format: date */
                        period_start?: string;
                        /** Format: date */
                        period_end?: string;
                        /** @enum {string} */
                        payment_method?: "01" | "02" | "03" | "04" | "05";
                        /** @enum {string} */
                        service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                        policy_number?: string;
                        contract_number?: string;
                        /** @description 10 integer digits and 2 decimals */
                        copayment?: number;
                        /** @description 10 integer digits and 2 decimals */
                        coinsurance?: number;
                        /** @description 10 integer digits and 2 decimals */
                        cost_sharing?: number;
                        /** @description 10 integer digits and 2 decimals */
                        recovery_charge?: number;
                    };
                };
            };
        };
        responses: {
            /** @description The invoice created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "af294810-e5ab-47c1-b99a-aeb122f740fc",
                     *       "document": {
                     *         "id": 2,
                     *         "name": "Factura de venta"
                     *       },
                     *       "prefix": "FV",
                     *       "number": 1,
                     *       "name": "FV-2-1",
                     *       "date": "2026-11-26",
                     *       "customer": {
                     *         "id": "1",
                     *         "identification": "900547821",
                     *         "branch_office": 0
                     *       },
                     *       "cost_center": null,
                     *       "currency": {
                     *         "code": "COP",
                     *         "exchange_rate": 1
                     *       },
                     *       "seller": 1,
                     *       "retentions": [],
                     *       "advance_payment": 0,
                     *       "subtotal": 950,
                     *       "taxes_total": 180.5,
                     *       "withholdings_total": 0,
                     *       "total": 1130.5,
                     *       "amount_payable": 1130.5,
                     *       "balance": 0,
                     *       "observations": "Pedido 1832",
                     *       "items": [
                     *         {
                     *           "id": "af294810-e5ab-47c1-b99a-aeb122f740fc-1",
                     *           "code": "PORT14",
                     *           "quantity": 10,
                     *           "price": 100,
                     *           "seller": null,
                     *           "description": "Computador portátil 14 pulgadas, procesador de 8 núcleos, 16 GB de RAM, disco SSD de 512 GB, garantía de un año",
                     *           "discount": {
                     *             "percentage": 5,
                     *             "value": 50
                     *           },
                     *           "taxes": [
                     *             {
                     *               "id": 1,
                     *               "type": "IVA",
                     *               "percentage": 19,
                     *               "value": 180.5,
                     *               "base_value": 950,
                     *               "name": "IVA 19%"
                     *             }
                     *           ],
                     *           "warehouse": null,
                     *           "total": 1130.5
                     *         }
                     *       ],
                     *       "global_discounts": [],
                     *       "global_charges": [],
                     *       "payments": [
                     *         {
                     *           "id": 1,
                     *           "name": "Efectivo",
                     *           "value": 1130.5,
                     *           "due_date": null
                     *         }
                     *       ],
                     *       "additional_fields": null,
                     *       "stamp": {
                     *         "send": false,
                     *         "status": "Draft",
                     *         "cufe": null,
                     *         "cude": null,
                     *         "observations": null,
                     *         "errors": null
                     *       },
                     *       "mail": {
                     *         "status": "not_sent",
                     *         "observations": null,
                     *         "send": false
                     *       },
                     *       "metadata": {
                     *         "created": "2026-11-26T09:15:16.707Z",
                     *         "last_updated": "2026-11-26T09:15:16.707Z",
                     *         "stock_updated": null
                     *       },
                     *       "annulled": false,
                     *       "credit_notes": [],
                     *       "debit_notes": [],
                     *       "creditable": 1130.5
                     *     }
                     */
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        advance_payment: number;
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        amount_payable: number;
                        balance: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        global_discounts: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        global_charges: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        additional_fields: {
                            purchase_order?: {
                                prefix?: string;
                                number?: string;
                            };
                            delivery_order?: {
                                prefix?: string;
                                number?: string;
                                /** Format: date */
                                date?: string;
                            };
                        } | null;
                        /** @description Healthcare sector data; only on document types with healthcare_company */
                        healthcare_company?: {
                            /** Format: date */
                            period_start?: string;
                            /** Format: date */
                            period_end?: string;
                            /** @enum {string} */
                            payment_method?: "01" | "02" | "03" | "04" | "05";
                            /** @enum {string} */
                            service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                            policy_number?: string;
                            contract_number?: string;
                            /** @description 10 integer digits and 2 decimals */
                            copayment?: number;
                            /** @description 10 integer digits and 2 decimals */
                            coinsurance?: number;
                            /** @description 10 integer digits and 2 decimals */
                            cost_sharing?: number;
                            /** @description 10 integer digits and 2 decimals */
                            recovery_charge?: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cufe: string | null;
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or its first request is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    previewInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=FV) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    /** @description A reference to an existing customer, or a full customer record (with person_type) to create it with the invoice */
                    customer: {
                        identification: string;
                        /** @default 0 */
                        branch_office: number;
                    } & {
                        [key: string]: unknown;
                    };
                    cost_center?: number;
                    currency?: {
                        /** @enum {string} */
                        code: "COP" | "EUR" | "USD" | "ANG" | "ARS" | "AUD" | "BOB" | "BRL" | "CAD" | "CHF" | "CLP" | "CRC" | "GBP" | "GTQ" | "HNL" | "JPY" | "MXN" | "NZD" | "PAB" | "PEN" | "SGD" | "UYU";
                        exchange_rate?: number;
                    };
                    /** @description Seller id (see /v1/users) */
                    seller: number;
                    /** @description ReteIVA, ReteICA, Autorretencion */
                    retentions?: {
                        id: number;
                    }[];
                    /** @description Applied from the customer's unapplied advances (advance_balance); at most the total less the withholdings */
                    advance_payment?: number;
                    observations?: string;
                    items: {
                        /** @description Product code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes; required unless taxed_price is sent */
                        price?: number;
                        /** @description Unit price with IVA/INC included; replaces price */
                        taxed_price?: number;
                        /** @description Accepted and ignored: the total is computed */
                        total_price?: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        /** @description Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line */
                        seller?: number;
                        warehouse?: number;
                        vat_excluded?: boolean;
                        /** @description Omitted: the product's own taxes */
                        taxes?: {
                            id: number;
                        }[];
                        /** @description Third party of the line; only on document types with customer_by_item */
                        customer?: {
                            identification?: string;
                            /** @default 0 */
                            branch_office: number;
                        };
                        /** @description Gift line (price 0): base of its taxes */
                        tax_base?: number;
                        /**
                         * @description Gift line: who bears its taxes
                         * @enum {string}
                         */
                        taxpayer?: "Customer" | "Company";
                        /** @description Cargo transport data; only on document types with cargo_transportation */
                        transport?: {
                            file_number?: number;
                            shipment_number?: string;
                            /** @description No decimals, at most 8 digits */
                            transported_quantity?: number;
                            /** @enum {string} */
                            measurement_unit?: "GLL" | "KGM";
                            /** @description No decimals, at most 12 digits */
                            freight_value?: number;
                            purchase_order?: string;
                            /** @enum {string} */
                            service_type?: "AdditionalService" | "Shipment";
                        };
                    }[];
                    payments: {
                        /** @description Payment type id (see /v1/payment-types?document_type=FV) */
                        id: number;
                        value: number;
                        /** Format: date */
                        due_date?: string;
                    }[];
                    /** @description Purchase and delivery order data; each value at most 20 characters */
                    additional_fields?: {
                        purchase_order?: {
                            prefix?: string;
                            number?: string;
                        };
                        delivery_order?: {
                            prefix?: string;
                            number?: string;
                            /** Format: date */
                            date?: string;
                        };
                    };
                    /** @description The same object as additional_fields, in the spelling of the specification's field list; the answer says additional_fields */
                    adittional_fields?: {
                        purchase_order?: {
                            prefix?: string;
                            number?: string;
                        };
                        delivery_order?: {
                            prefix?: string;
                            number?: string;
                            /** Format: date */
                            date?: string;
                        };
                    };
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    global_charges?: {
                        id?: number;
                        percentage?: number;
                        value?: number;
                    }[];
                    global_discounts?: {
                        id?: number;
                        percentage?: number;
                        value?: number;
                    }[];
                    /** @description Healthcare sector data; only on document types with healthcare_company */
                    healthcare_company?: {
                        /** Format: date */
                        period_start?: string;
                        /** Format: date */
                        period_end?: string;
                        /** @enum {string} */
                        payment_method?: "01" | "02" | "03" | "04" | "05";
                        /** @enum {string} */
                        service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                        policy_number?: string;
                        contract_number?: string;
                        /** @description 10 integer digits and 2 decimals */
                        copayment?: number;
                        /** @description 10 integer digits and 2 decimals */
                        coinsurance?: number;
                        /** @description 10 integer digits and 2 decimals */
                        cost_sharing?: number;
                        /** @description 10 integer digits and 2 decimals */
                        recovery_charge?: number;
                    };
                };
            };
        };
        responses: {
            /** @description The invoice as it would be created; nothing stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        advance_payment: number;
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        amount_payable: number;
                        balance: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        global_discounts: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        global_charges: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        additional_fields: {
                            purchase_order?: {
                                prefix?: string;
                                number?: string;
                            };
                            delivery_order?: {
                                prefix?: string;
                                number?: string;
                                /** Format: date */
                                date?: string;
                            };
                        } | null;
                        /** @description Healthcare sector data; only on document types with healthcare_company */
                        healthcare_company?: {
                            /** Format: date */
                            period_start?: string;
                            /** Format: date */
                            period_end?: string;
                            /** @enum {string} */
                            payment_method?: "01" | "02" | "03" | "04" | "05";
                            /** @enum {string} */
                            service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                            policy_number?: string;
                            contract_number?: string;
                            /** @description 10 integer digits and 2 decimals */
                            copayment?: number;
                            /** @description 10 integer digits and 2 decimals */
                            coinsurance?: number;
                            /** @description 10 integer digits and 2 decimals */
                            cost_sharing?: number;
                            /** @description 10 integer digits and 2 decimals */
                            recovery_charge?: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cufe: string | null;
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        advance_payment: number;
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        amount_payable: number;
                        balance: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        global_discounts: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        global_charges: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        additional_fields: {
                            purchase_order?: {
                                prefix?: string;
                                number?: string;
                            };
                            delivery_order?: {
                                prefix?: string;
                                number?: string;
                                /** Format: date */
                                date?: string;
                            };
                        } | null;
                        /** @description Healthcare sector data; only on document types with healthcare_company */
                        healthcare_company?: {
                            /** Format: date */
                            period_start?: string;
                            /** Format: date */
                            period_end?: string;
                            /** @enum {string} */
                            payment_method?: "01" | "02" | "03" | "04" | "05";
                            /** @enum {string} */
                            service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                            policy_number?: string;
                            contract_number?: string;
                            /** @description 10 integer digits and 2 decimals */
                            copayment?: number;
                            /** @description 10 integer digits and 2 decimals */
                            coinsurance?: number;
                            /** @description 10 integer digits and 2 decimals */
                            cost_sharing?: number;
                            /** @description 10 integer digits and 2 decimals */
                            recovery_charge?: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cufe: string | null;
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=FV) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    /** @description A reference to an existing customer, or a full customer record (with person_type) to create it with the invoice */
                    customer: {
                        identification: string;
                        /** @default 0 */
                        branch_office: number;
                    } & {
                        [key: string]: unknown;
                    };
                    cost_center?: number;
                    currency?: {
                        /** @enum {string} */
                        code: "COP" | "EUR" | "USD" | "ANG" | "ARS" | "AUD" | "BOB" | "BRL" | "CAD" | "CHF" | "CLP" | "CRC" | "GBP" | "GTQ" | "HNL" | "JPY" | "MXN" | "NZD" | "PAB" | "PEN" | "SGD" | "UYU";
                        exchange_rate?: number;
                    };
                    /** @description Seller id (see /v1/users) */
                    seller: number;
                    /** @description ReteIVA, ReteICA, Autorretencion */
                    retentions?: {
                        id: number;
                    }[];
                    /** @description Applied from the customer's unapplied advances (advance_balance); at most the total less the withholdings */
                    advance_payment?: number;
                    observations?: string;
                    items: {
                        /** @description Product code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes; required unless taxed_price is sent */
                        price?: number;
                        /** @description Unit price with IVA/INC included; replaces price */
                        taxed_price?: number;
                        /** @description Accepted and ignored: the total is computed */
                        total_price?: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        /** @description Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line */
                        seller?: number;
                        warehouse?: number;
                        vat_excluded?: boolean;
                        /** @description Omitted: the product's own taxes */
                        taxes?: {
                            id: number;
                        }[];
                        /** @description Third party of the line; only on document types with customer_by_item */
                        customer?: {
                            identification?: string;
                            /** @default 0 */
                            branch_office: number;
                        };
                        /** @description Gift line (price 0): base of its taxes */
                        tax_base?: number;
                        /**
                         * @description Gift line: who bears its taxes
                         * @enum {string}
                         */
                        taxpayer?: "Customer" | "Company";
                        /** @description Cargo transport data; only on document types with cargo_transportation */
                        transport?: {
                            file_number?: number;
                            shipment_number?: string;
                            /** @description No decimals, at most 8 digits */
                            transported_quantity?: number;
                            /** @enum {string} */
                            measurement_unit?: "GLL" | "KGM";
                            /** @description No decimals, at most 12 digits */
                            freight_value?: number;
                            purchase_order?: string;
                            /** @enum {string} */
                            service_type?: "AdditionalService" | "Shipment";
                        };
                    }[];
                    payments: {
                        /** @description Payment type id (see /v1/payment-types?document_type=FV) */
                        id: number;
                        value: number;
                        /** Format: date */
                        due_date?: string;
                    }[];
                    /** @description Purchase and delivery order data; each value at most 20 characters */
                    additional_fields?: {
                        purchase_order?: {
                            prefix?: string;
                            number?: string;
                        };
                        delivery_order?: {
                            prefix?: string;
                            number?: string;
                            /** Format: date */
                            date?: string;
                        };
                    };
                    /** @description The same object as additional_fields, in the spelling of the specification's field list; the answer says additional_fields */
                    adittional_fields?: {
                        purchase_order?: {
                            prefix?: string;
                            number?: string;
                        };
                        delivery_order?: {
                            prefix?: string;
                            number?: string;
                            /** Format: date */
                            date?: string;
                        };
                    };
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    global_charges?: {
                        id?: number;
                        percentage?: number;
                        value?: number;
                    }[];
                    global_discounts?: {
                        id?: number;
                        percentage?: number;
                        value?: number;
                    }[];
                    /** @description Healthcare sector data; only on document types with healthcare_company */
                    healthcare_company?: {
                        /** Format: date */
                        period_start?: string;
                        /** Format: date */
                        period_end?: string;
                        /** @enum {string} */
                        payment_method?: "01" | "02" | "03" | "04" | "05";
                        /** @enum {string} */
                        service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                        policy_number?: string;
                        contract_number?: string;
                        /** @description 10 integer digits and 2 decimals */
                        copayment?: number;
                        /** @description 10 integer digits and 2 decimals */
                        coinsurance?: number;
                        /** @description 10 integer digits and 2 decimals */
                        cost_sharing?: number;
                        /** @description 10 integer digits and 2 decimals */
                        recovery_charge?: number;
                    };
                };
            };
        };
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        advance_payment: number;
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        amount_payable: number;
                        balance: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        global_discounts: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        global_charges: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        additional_fields: {
                            purchase_order?: {
                                prefix?: string;
                                number?: string;
                            };
                            delivery_order?: {
                                prefix?: string;
                                number?: string;
                                /** Format: date */
                                date?: string;
                            };
                        } | null;
                        /** @description Healthcare sector data; only on document types with healthcare_company */
                        healthcare_company?: {
                            /** Format: date */
                            period_start?: string;
                            /** Format: date */
                            period_end?: string;
                            /** @enum {string} */
                            payment_method?: "01" | "02" | "03" | "04" | "05";
                            /** @enum {string} */
                            service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                            policy_number?: string;
                            contract_number?: string;
                            /** @description 10 integer digits and 2 decimals */
                            copayment?: number;
                            /** @description 10 integer digits and 2 decimals */
                            coinsurance?: number;
                            /** @description 10 integer digits and 2 decimals */
                            cost_sharing?: number;
                            /** @description 10 integer digits and 2 decimals */
                            recovery_charge?: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cufe: string | null;
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    annulInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        advance_payment: number;
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        amount_payable: number;
                        balance: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        global_discounts: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        global_charges: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        additional_fields: {
                            purchase_order?: {
                                prefix?: string;
                                number?: string;
                            };
                            delivery_order?: {
                                prefix?: string;
                                number?: string;
                                /** Format: date */
                                date?: string;
                            };
                        } | null;
                        /** @description Healthcare sector data; only on document types with healthcare_company */
                        healthcare_company?: {
                            /** Format: date */
                            period_start?: string;
                            /** Format: date */
                            period_end?: string;
                            /** @enum {string} */
                            payment_method?: "01" | "02" | "03" | "04" | "05";
                            /** @enum {string} */
                            service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                            policy_number?: string;
                            contract_number?: string;
                            /** @description 10 integer digits and 2 decimals */
                            copayment?: number;
                            /** @description 10 integer digits and 2 decimals */
                            coinsurance?: number;
                            /** @description 10 integer digits and 2 decimals */
                            cost_sharing?: number;
                            /** @description 10 integer digits and 2 decimals */
                            recovery_charge?: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cufe: string | null;
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    stampInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        advance_payment: number;
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        amount_payable: number;
                        balance: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        global_discounts: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        global_charges: {
                            id: number | null;
                            name: string;
                            percentage: number | null;
                            value: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        additional_fields: {
                            purchase_order?: {
                                prefix?: string;
                                number?: string;
                            };
                            delivery_order?: {
                                prefix?: string;
                                number?: string;
                                /** Format: date */
                                date?: string;
                            };
                        } | null;
                        /** @description Healthcare sector data; only on document types with healthcare_company */
                        healthcare_company?: {
                            /** Format: date */
                            period_start?: string;
                            /** Format: date */
                            period_end?: string;
                            /** @enum {string} */
                            payment_method?: "01" | "02" | "03" | "04" | "05";
                            /** @enum {string} */
                            service_plan?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15";
                            policy_number?: string;
                            contract_number?: string;
                            /** @description 10 integer digits and 2 decimals */
                            copayment?: number;
                            /** @description 10 integer digits and 2 decimals */
                            coinsurance?: number;
                            /** @description 10 integer digits and 2 decimals */
                            cost_sharing?: number;
                            /** @description 10 integer digits and 2 decimals */
                            recovery_charge?: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cufe: string | null;
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getInvoiceStampErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax authority's (or stamping provider's) verdict: its rule codes and messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "Draft" | "Pending" | "Accepted" | "Rejected";
                        errors: {
                            code: string;
                            message: string;
                        }[];
                        observations: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getInvoiceXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed or stamped XML: {"base64": …}, or the XML itself with Accept: application/xml */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/xml": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listCreditNotes: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                document_id?: number;
                customer_identification?: string;
                customer_branch_office?: number;
                name?: string;
                /** @description Documents dated on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Documents dated on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
                /** @description The id of a document of this list (usually the last of the page read): the page starts right after it, in the list's order, and `page` counts pages from there. Deep pages cost what the first one does */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credit notes, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: string | null;
                            document: {
                                id: number;
                                name: string;
                            };
                            prefix: string;
                            number: number | null;
                            name: string | null;
                            /** Format: date */
                            date: string;
                            customer: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            cost_center: number | null;
                            currency: {
                                code: string;
                                exchange_rate: number;
                            };
                            seller: number;
                            retentions: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            subtotal: number;
                            taxes_total: number;
                            withholdings_total: number;
                            total: number;
                            observations: string | null;
                            items: {
                                id: string | null;
                                code: string;
                                quantity: number;
                                price: number;
                                seller: number | null;
                                description: string;
                                discount: {
                                    percentage: number;
                                    value: number;
                                };
                                taxes: {
                                    id: number;
                                    name?: string | null;
                                    type: string;
                                    percentage: number;
                                    value: number;
                                    base_value: number;
                                }[];
                                warehouse: {
                                    id: number;
                                    name: string;
                                } | null;
                                customer?: {
                                    id: string | null;
                                    identification: string;
                                    branch_office: number;
                                };
                                tax_base?: number;
                                /** @enum {string} */
                                taxpayer?: "Customer" | "Company";
                                /** @description Cargo transport data; only on document types with cargo_transportation */
                                transport?: {
                                    file_number?: number;
                                    shipment_number?: string;
                                    /** @description No decimals, at most 8 digits */
                                    transported_quantity?: number;
                                    /** @enum {string} */
                                    measurement_unit?: "GLL" | "KGM";
                                    /** @description No decimals, at most 12 digits */
                                    freight_value?: number;
                                    purchase_order?: string;
                                    /** @enum {string} */
                                    service_type?: "AdditionalService" | "Shipment";
                                };
                                total: number;
                            }[];
                            payments: {
                                id: number;
                                name: string;
                                value: number;
                                due_date: string | null;
                            }[];
                            mail: {
                                send?: boolean;
                                status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                                observations: string | null;
                            };
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                                stock_updated?: null;
                            };
                            annulled: boolean;
                            /** @description Its credit notes that are not annulled */
                            credit_notes?: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                total: number;
                            }[];
                            /** @description Its debit notes that are not annulled */
                            debit_notes?: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                total: number;
                            }[];
                            /** @description What is left to credit: the total less its credit notes */
                            creditable?: number;
                            invoice: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            /** @description The DIAN concept */
                            reason: number;
                            stamp: {
                                send: boolean;
                                status: "Draft" | "Pending" | "Accepted" | "Rejected";
                                cude: string | null;
                                observations: string | null;
                                errors: string | null;
                            };
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–64 letters, digits or hyphens: a retry with the same key and body answers the first result */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document": {
                 *         "id": 15
                 *       },
                 *       "date": "2026-11-26",
                 *       "invoice": "a9aac425-70af-479f-bdfc-136e5e3b2b7d",
                 *       "reason": 3,
                 *       "seller": 1,
                 *       "items": [
                 *         {
                 *           "code": "LIBRO01",
                 *           "quantity": 1,
                 *           "price": 100,
                 *           "taxes": []
                 *         }
                 *       ],
                 *       "payments": [
                 *         {
                 *           "id": 9,
                 *           "value": 100
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=NC) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    cost_center?: number;
                    currency?: {
                        /** @description The invoice's currency (a note never changes it) */
                        code: string;
                        /** @description Omitted: the invoice's */
                        exchange_rate?: number;
                    };
                    /** @description Seller id (see /v1/users) */
                    seller: number;
                    /** @description ReteIVA, ReteICA, Autorretencion */
                    retentions?: {
                        id: number;
                    }[];
                    observations?: string;
                    items: {
                        /** @description Product code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes; required unless taxed_price is sent */
                        price?: number;
                        /** @description Unit price with IVA/INC included; replaces price */
                        taxed_price?: number;
                        /** @description Accepted and ignored: the total is computed */
                        total_price?: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        /** @description Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line */
                        seller?: number;
                        warehouse?: number;
                        vat_excluded?: boolean;
                        /** @description Omitted: the product's own taxes */
                        taxes?: {
                            id: number;
                        }[];
                        /** @description Third party of the line; only on document types with customer_by_item */
                        customer?: {
                            identification?: string;
                            /** @default 0 */
                            branch_office: number;
                        };
                        /** @description Gift line (price 0): base of its taxes */
                        tax_base?: number;
                        /**
                         * @description Gift line: who bears its taxes
                         * @enum {string}
                         */
                        taxpayer?: "Customer" | "Company";
                        /** @description Cargo transport data; only on document types with cargo_transportation */
                        transport?: {
                            file_number?: number;
                            shipment_number?: string;
                            /** @description No decimals, at most 8 digits */
                            transported_quantity?: number;
                            /** @enum {string} */
                            measurement_unit?: "GLL" | "KGM";
                            /** @description No decimals, at most 12 digits */
                            freight_value?: number;
                            purchase_order?: string;
                            /** @enum {string} */
                            service_type?: "AdditionalService" | "Shipment";
                        };
                    }[];
                    payments: {
                        /** @description Payment type id (see /v1/payment-types?document_type=FV) */
                        id: number;
                        value: number;
                        /** Format: date */
                        due_date?: string;
                    }[];
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    /**
                     * Format: uuid
                     * @description The id of the invoice the credit note corrects
                     */
                    invoice: string;
                    /** @description DIAN concept: 1 Devolución parcial de los bienes y/o no aceptación parcial del servicio; 2 Anulación de factura electrónica; 3 Rebaja o descuento parcial o total; 4 Ajuste de precio; 5 Descuento comercial por pronto pago; 6 Descuento comercial por volumen de ventas */
                    reason: number;
                };
            };
        };
        responses: {
            /** @description The credit note created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "2329d3e0-2c0a-4aee-88ce-21ad84223ab2",
                     *       "document": {
                     *         "id": 15,
                     *         "name": "Nota crédito"
                     *       },
                     *       "prefix": "NC",
                     *       "number": 1,
                     *       "name": "NC-15-1",
                     *       "date": "2026-11-26",
                     *       "customer": {
                     *         "id": "1",
                     *         "identification": "900547821",
                     *         "branch_office": 0
                     *       },
                     *       "cost_center": null,
                     *       "currency": {
                     *         "code": "COP",
                     *         "exchange_rate": 1
                     *       },
                     *       "seller": 1,
                     *       "retentions": [],
                     *       "subtotal": 100,
                     *       "taxes_total": 0,
                     *       "withholdings_total": 0,
                     *       "total": 100,
                     *       "observations": null,
                     *       "items": [
                     *         {
                     *           "id": "2329d3e0-2c0a-4aee-88ce-21ad84223ab2-1",
                     *           "code": "LIBRO01",
                     *           "quantity": 1,
                     *           "price": 100,
                     *           "seller": null,
                     *           "description": "Libro Contabilidad básica",
                     *           "discount": {
                     *             "percentage": 0,
                     *             "value": 0
                     *           },
                     *           "taxes": [],
                     *           "warehouse": null,
                     *           "total": 100
                     *         }
                     *       ],
                     *       "payments": [
                     *         {
                     *           "id": 9,
                     *           "name": "Abono a la cuenta del cliente",
                     *           "value": 100,
                     *           "due_date": null
                     *         }
                     *       ],
                     *       "mail": {
                     *         "status": "not_sent",
                     *         "observations": null,
                     *         "send": false
                     *       },
                     *       "metadata": {
                     *         "created": "2026-11-26T09:15:16.968Z",
                     *         "last_updated": "2026-11-26T09:15:16.968Z",
                     *         "stock_updated": null
                     *       },
                     *       "annulled": false,
                     *       "invoice": {
                     *         "id": "a9aac425-70af-479f-bdfc-136e5e3b2b7d",
                     *         "name": "FV-2-2"
                     *       },
                     *       "reason": 3,
                     *       "stamp": {
                     *         "send": false,
                     *         "status": "Draft",
                     *         "cude": null,
                     *         "observations": null,
                     *         "errors": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or its first request is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    previewCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=NC) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    cost_center?: number;
                    currency?: {
                        /** @description The invoice's currency (a note never changes it) */
                        code: string;
                        /** @description Omitted: the invoice's */
                        exchange_rate?: number;
                    };
                    /** @description Seller id (see /v1/users) */
                    seller: number;
                    /** @description ReteIVA, ReteICA, Autorretencion */
                    retentions?: {
                        id: number;
                    }[];
                    observations?: string;
                    items: {
                        /** @description Product code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes; required unless taxed_price is sent */
                        price?: number;
                        /** @description Unit price with IVA/INC included; replaces price */
                        taxed_price?: number;
                        /** @description Accepted and ignored: the total is computed */
                        total_price?: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        /** @description Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line */
                        seller?: number;
                        warehouse?: number;
                        vat_excluded?: boolean;
                        /** @description Omitted: the product's own taxes */
                        taxes?: {
                            id: number;
                        }[];
                        /** @description Third party of the line; only on document types with customer_by_item */
                        customer?: {
                            identification?: string;
                            /** @default 0 */
                            branch_office: number;
                        };
                        /** @description Gift line (price 0): base of its taxes */
                        tax_base?: number;
                        /**
                         * @description Gift line: who bears its taxes
                         * @enum {string}
                         */
                        taxpayer?: "Customer" | "Company";
                        /** @description Cargo transport data; only on document types with cargo_transportation */
                        transport?: {
                            file_number?: number;
                            shipment_number?: string;
                            /** @description No decimals, at most 8 digits */
                            transported_quantity?: number;
                            /** @enum {string} */
                            measurement_unit?: "GLL" | "KGM";
                            /** @description No decimals, at most 12 digits */
                            freight_value?: number;
                            purchase_order?: string;
                            /** @enum {string} */
                            service_type?: "AdditionalService" | "Shipment";
                        };
                    }[];
                    payments: {
                        /** @description Payment type id (see /v1/payment-types?document_type=FV) */
                        id: number;
                        value: number;
                        /** Format: date */
                        due_date?: string;
                    }[];
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    /**
                     * Format: uuid
                     * @description The id of the invoice the credit note corrects
                     */
                    invoice: string;
                    /** @description DIAN concept: 1 Devolución parcial de los bienes y/o no aceptación parcial del servicio; 2 Anulación de factura electrónica; 3 Rebaja o descuento parcial o total; 4 Ajuste de precio; 5 Descuento comercial por pronto pago; 6 Descuento comercial por volumen de ventas */
                    reason: number;
                };
            };
        };
        responses: {
            /** @description The credit note as it would be created; nothing stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    stampCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCreditNoteStampErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax authority's (or stamping provider's) verdict: its rule codes and messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "Draft" | "Pending" | "Accepted" | "Rejected";
                        errors: {
                            code: string;
                            message: string;
                        }[];
                        observations: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCreditNoteXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed or stamped XML: {"base64": …}, or the XML itself with Accept: application/xml */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/xml": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    annulCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listDebitNotes: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                document_id?: number;
                customer_identification?: string;
                customer_branch_office?: number;
                name?: string;
                /** @description Documents dated on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Documents dated on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
                /** @description The id of a document of this list (usually the last of the page read): the page starts right after it, in the list's order, and `page` counts pages from there. Deep pages cost what the first one does */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of debit notes, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: string | null;
                            document: {
                                id: number;
                                name: string;
                            };
                            prefix: string;
                            number: number | null;
                            name: string | null;
                            /** Format: date */
                            date: string;
                            customer: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            cost_center: number | null;
                            currency: {
                                code: string;
                                exchange_rate: number;
                            };
                            seller: number;
                            retentions: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            subtotal: number;
                            taxes_total: number;
                            withholdings_total: number;
                            total: number;
                            observations: string | null;
                            items: {
                                id: string | null;
                                code: string;
                                quantity: number;
                                price: number;
                                seller: number | null;
                                description: string;
                                discount: {
                                    percentage: number;
                                    value: number;
                                };
                                taxes: {
                                    id: number;
                                    name?: string | null;
                                    type: string;
                                    percentage: number;
                                    value: number;
                                    base_value: number;
                                }[];
                                warehouse: {
                                    id: number;
                                    name: string;
                                } | null;
                                customer?: {
                                    id: string | null;
                                    identification: string;
                                    branch_office: number;
                                };
                                tax_base?: number;
                                /** @enum {string} */
                                taxpayer?: "Customer" | "Company";
                                /** @description Cargo transport data; only on document types with cargo_transportation */
                                transport?: {
                                    file_number?: number;
                                    shipment_number?: string;
                                    /** @description No decimals, at most 8 digits */
                                    transported_quantity?: number;
                                    /** @enum {string} */
                                    measurement_unit?: "GLL" | "KGM";
                                    /** @description No decimals, at most 12 digits */
                                    freight_value?: number;
                                    purchase_order?: string;
                                    /** @enum {string} */
                                    service_type?: "AdditionalService" | "Shipment";
                                };
                                total: number;
                            }[];
                            payments: {
                                id: number;
                                name: string;
                                value: number;
                                due_date: string | null;
                            }[];
                            mail: {
                                send?: boolean;
                                status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                                observations: string | null;
                            };
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                                stock_updated?: null;
                            };
                            annulled: boolean;
                            /** @description Its credit notes that are not annulled */
                            credit_notes?: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                total: number;
                            }[];
                            /** @description Its debit notes that are not annulled */
                            debit_notes?: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                total: number;
                            }[];
                            /** @description What is left to credit: the total less its credit notes */
                            creditable?: number;
                            invoice: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                            };
                            /** @description The DIAN concept */
                            reason: number;
                            stamp: {
                                send: boolean;
                                status: "Draft" | "Pending" | "Accepted" | "Rejected";
                                cude: string | null;
                                observations: string | null;
                                errors: string | null;
                            };
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createDebitNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–64 letters, digits or hyphens: a retry with the same key and body answers the first result */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document": {
                 *         "id": 16
                 *       },
                 *       "date": "2026-11-26",
                 *       "invoice": "a9aac425-70af-479f-bdfc-136e5e3b2b7d",
                 *       "reason": 1,
                 *       "seller": 1,
                 *       "items": [
                 *         {
                 *           "code": "INTERES",
                 *           "quantity": 1,
                 *           "price": 25,
                 *           "taxes": []
                 *         }
                 *       ],
                 *       "payments": [
                 *         {
                 *           "id": 12,
                 *           "value": 25,
                 *           "due_date": "2099-12-31"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=ND) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    cost_center?: number;
                    currency?: {
                        /** @description The invoice's currency (a note never changes it) */
                        code: string;
                        /** @description Omitted: the invoice's */
                        exchange_rate?: number;
                    };
                    /** @description Seller id (see /v1/users) */
                    seller: number;
                    /** @description ReteIVA, ReteICA, Autorretencion */
                    retentions?: {
                        id: number;
                    }[];
                    observations?: string;
                    items: {
                        /** @description Product code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes; required unless taxed_price is sent */
                        price?: number;
                        /** @description Unit price with IVA/INC included; replaces price */
                        taxed_price?: number;
                        /** @description Accepted and ignored: the total is computed */
                        total_price?: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        /** @description Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line */
                        seller?: number;
                        warehouse?: number;
                        vat_excluded?: boolean;
                        /** @description Omitted: the product's own taxes */
                        taxes?: {
                            id: number;
                        }[];
                        /** @description Third party of the line; only on document types with customer_by_item */
                        customer?: {
                            identification?: string;
                            /** @default 0 */
                            branch_office: number;
                        };
                        /** @description Gift line (price 0): base of its taxes */
                        tax_base?: number;
                        /**
                         * @description Gift line: who bears its taxes
                         * @enum {string}
                         */
                        taxpayer?: "Customer" | "Company";
                        /** @description Cargo transport data; only on document types with cargo_transportation */
                        transport?: {
                            file_number?: number;
                            shipment_number?: string;
                            /** @description No decimals, at most 8 digits */
                            transported_quantity?: number;
                            /** @enum {string} */
                            measurement_unit?: "GLL" | "KGM";
                            /** @description No decimals, at most 12 digits */
                            freight_value?: number;
                            purchase_order?: string;
                            /** @enum {string} */
                            service_type?: "AdditionalService" | "Shipment";
                        };
                    }[];
                    payments: {
                        /** @description Payment type id (see /v1/payment-types?document_type=FV) */
                        id: number;
                        value: number;
                        /** Format: date */
                        due_date?: string;
                    }[];
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    /**
                     * Format: uuid
                     * @description The id of the invoice the debit note corrects
                     */
                    invoice: string;
                    /** @description DIAN concept: 1 Intereses; 2 Gastos por cobrar; 3 Cambio del valor; 4 Otros */
                    reason: number;
                };
            };
        };
        responses: {
            /** @description The debit note created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "de7a5424-7765-471d-b709-08d720695ba9",
                     *       "document": {
                     *         "id": 16,
                     *         "name": "Nota débito"
                     *       },
                     *       "prefix": "ND",
                     *       "number": 1,
                     *       "name": "ND-16-1",
                     *       "date": "2026-11-26",
                     *       "customer": {
                     *         "id": "1",
                     *         "identification": "900547821",
                     *         "branch_office": 0
                     *       },
                     *       "cost_center": null,
                     *       "currency": {
                     *         "code": "COP",
                     *         "exchange_rate": 1
                     *       },
                     *       "seller": 1,
                     *       "retentions": [],
                     *       "subtotal": 25,
                     *       "taxes_total": 0,
                     *       "withholdings_total": 0,
                     *       "total": 25,
                     *       "observations": null,
                     *       "items": [
                     *         {
                     *           "id": "de7a5424-7765-471d-b709-08d720695ba9-1",
                     *           "code": "INTERES",
                     *           "quantity": 1,
                     *           "price": 25,
                     *           "seller": null,
                     *           "description": "Intereses por pago tardío, cobrados con nota débito",
                     *           "discount": {
                     *             "percentage": 0,
                     *             "value": 0
                     *           },
                     *           "taxes": [],
                     *           "warehouse": null,
                     *           "total": 25
                     *         }
                     *       ],
                     *       "payments": [
                     *         {
                     *           "id": 12,
                     *           "name": "Crédito",
                     *           "value": 25,
                     *           "due_date": "2099-12-31"
                     *         }
                     *       ],
                     *       "mail": {
                     *         "status": "not_sent",
                     *         "observations": null,
                     *         "send": false
                     *       },
                     *       "metadata": {
                     *         "created": "2026-11-26T09:15:17.110Z",
                     *         "last_updated": "2026-11-26T09:15:17.110Z",
                     *         "stock_updated": null
                     *       },
                     *       "annulled": false,
                     *       "invoice": {
                     *         "id": "a9aac425-70af-479f-bdfc-136e5e3b2b7d",
                     *         "name": "FV-2-2"
                     *       },
                     *       "reason": 1,
                     *       "stamp": {
                     *         "send": false,
                     *         "status": "Draft",
                     *         "cude": null,
                     *         "observations": null,
                     *         "errors": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or its first request is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    previewDebitNote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=ND) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    cost_center?: number;
                    currency?: {
                        /** @description The invoice's currency (a note never changes it) */
                        code: string;
                        /** @description Omitted: the invoice's */
                        exchange_rate?: number;
                    };
                    /** @description Seller id (see /v1/users) */
                    seller: number;
                    /** @description ReteIVA, ReteICA, Autorretencion */
                    retentions?: {
                        id: number;
                    }[];
                    observations?: string;
                    items: {
                        /** @description Product code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. At most 200 characters when the company has no long product descriptions */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes; required unless taxed_price is sent */
                        price?: number;
                        /** @description Unit price with IVA/INC included; replaces price */
                        taxed_price?: number;
                        /** @description Accepted and ignored: the total is computed */
                        total_price?: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        /** @description Seller of the line; required when the document type, or the company (settings.seller_by_item), has a seller per line */
                        seller?: number;
                        warehouse?: number;
                        vat_excluded?: boolean;
                        /** @description Omitted: the product's own taxes */
                        taxes?: {
                            id: number;
                        }[];
                        /** @description Third party of the line; only on document types with customer_by_item */
                        customer?: {
                            identification?: string;
                            /** @default 0 */
                            branch_office: number;
                        };
                        /** @description Gift line (price 0): base of its taxes */
                        tax_base?: number;
                        /**
                         * @description Gift line: who bears its taxes
                         * @enum {string}
                         */
                        taxpayer?: "Customer" | "Company";
                        /** @description Cargo transport data; only on document types with cargo_transportation */
                        transport?: {
                            file_number?: number;
                            shipment_number?: string;
                            /** @description No decimals, at most 8 digits */
                            transported_quantity?: number;
                            /** @enum {string} */
                            measurement_unit?: "GLL" | "KGM";
                            /** @description No decimals, at most 12 digits */
                            freight_value?: number;
                            purchase_order?: string;
                            /** @enum {string} */
                            service_type?: "AdditionalService" | "Shipment";
                        };
                    }[];
                    payments: {
                        /** @description Payment type id (see /v1/payment-types?document_type=FV) */
                        id: number;
                        value: number;
                        /** Format: date */
                        due_date?: string;
                    }[];
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    /**
                     * Format: uuid
                     * @description The id of the invoice the debit note corrects
                     */
                    invoice: string;
                    /** @description DIAN concept: 1 Intereses; 2 Gastos por cobrar; 3 Cambio del valor; 4 Otros */
                    reason: number;
                };
            };
        };
        responses: {
            /** @description The debit note as it would be created; nothing stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDebitNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Debit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    stampDebitNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Debit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDebitNoteStampErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Debit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax authority's (or stamping provider's) verdict: its rule codes and messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "Draft" | "Pending" | "Accepted" | "Rejected";
                        errors: {
                            code: string;
                            message: string;
                        }[];
                        observations: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDebitNoteXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Debit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed or stamped XML: {"base64": …}, or the XML itself with Accept: application/xml */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/xml": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    annulDebitNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Debit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The debit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            id: string | null;
                            identification: string;
                            branch_office: number;
                        };
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        seller: number;
                        retentions: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        taxes_total: number;
                        withholdings_total: number;
                        total: number;
                        observations: string | null;
                        items: {
                            id: string | null;
                            code: string;
                            quantity: number;
                            price: number;
                            seller: number | null;
                            description: string;
                            discount: {
                                percentage: number;
                                value: number;
                            };
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            warehouse: {
                                id: number;
                                name: string;
                            } | null;
                            customer?: {
                                id: string | null;
                                identification: string;
                                branch_office: number;
                            };
                            tax_base?: number;
                            /** @enum {string} */
                            taxpayer?: "Customer" | "Company";
                            /** @description Cargo transport data; only on document types with cargo_transportation */
                            transport?: {
                                file_number?: number;
                                shipment_number?: string;
                                /** @description No decimals, at most 8 digits */
                                transported_quantity?: number;
                                /** @enum {string} */
                                measurement_unit?: "GLL" | "KGM";
                                /** @description No decimals, at most 12 digits */
                                freight_value?: number;
                                purchase_order?: string;
                                /** @enum {string} */
                                service_type?: "AdditionalService" | "Shipment";
                            };
                            total: number;
                        }[];
                        payments: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: string | null;
                        }[];
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        /** @description Its credit notes that are not annulled */
                        credit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description Its debit notes that are not annulled */
                        debit_notes?: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            total: number;
                        }[];
                        /** @description What is left to credit: the total less its credit notes */
                        creditable?: number;
                        invoice: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                        };
                        /** @description The DIAN concept */
                        reason: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            cude: string | null;
                            observations: string | null;
                            errors: string | null;
                        };
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listVouchers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                document_id?: number;
                customer_identification?: string;
                customer_branch_office?: number;
                name?: string;
                /** @description Documents dated on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Documents dated on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
                type?: "DebtPayment" | "AdvancePayment" | "Detailed";
                /** @description The id of a document of this list (usually the last of the page read): the page starts right after it, in the list's order, and `page` counts pages from there. Deep pages cost what the first one does */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of vouchers, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: string | null;
                            document: {
                                id: number;
                                name: string;
                            };
                            prefix: string;
                            number: number | null;
                            name: string | null;
                            /** Format: date */
                            date: string;
                            /** @enum {string} */
                            type: "DebtPayment" | "AdvancePayment" | "Detailed";
                            customer: {
                                id: string;
                                identification: string;
                                branch_office: number;
                            } | null;
                            cost_center: number | null;
                            currency: {
                                code: string;
                                exchange_rate: number;
                            };
                            items: {
                                account?: {
                                    code: string;
                                    /** @enum {string} */
                                    movement: "Debit" | "Credit";
                                };
                                description?: string;
                                value: number;
                                due?: {
                                    prefix: string;
                                    consecutive: number;
                                    quote: number;
                                    /** Format: date */
                                    date: string;
                                };
                                tax?: {
                                    id: number;
                                    name?: string | null;
                                    type: string;
                                    percentage: number;
                                    value: number;
                                    base_value: number;
                                };
                            }[];
                            payment: {
                                id: number;
                                name: string;
                                value: number;
                                due_date: null;
                            } | null;
                            total: number;
                            observations: string | null;
                            mail: {
                                send?: boolean;
                                status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                                observations: string | null;
                            };
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                                stock_updated?: null;
                            };
                            annulled: boolean;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createVoucher: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–64 letters, digits or hyphens: a retry with the same key and body answers the first result */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document": {
                 *         "id": 11
                 *       },
                 *       "date": "2026-11-26",
                 *       "type": "DebtPayment",
                 *       "customer": {
                 *         "identification": "900547821",
                 *         "branch_office": 0
                 *       },
                 *       "items": [
                 *         {
                 *           "due": {
                 *             "prefix": "FV",
                 *             "consecutive": 2,
                 *             "quote": 1
                 *           },
                 *           "value": 900
                 *         }
                 *       ],
                 *       "payment": {
                 *         "id": 6,
                 *         "value": 900
                 *       }
                 *     }
                 */
                "application/json": {
                    document: {
                        /** @description Document type id (see /v1/document-types?type=RC) */
                        id: number;
                    };
                    /** @description Taken automatically when omitted; required when the document type has automatic_number false */
                    number?: number;
                    /** @description Accepted and ignored: the name is <prefix>-<type id>-<number> */
                    name?: string;
                    /** Format: date */
                    date: string;
                    /**
                     * @description DebtPayment pays due items; AdvancePayment receives money before an invoice; Detailed carries its own accounting entries
                     * @enum {string}
                     */
                    type: "DebtPayment" | "AdvancePayment" | "Detailed";
                    /** @description Required for DebtPayment and AdvancePayment, and for a Detailed voucher that pays due items */
                    customer?: {
                        identification: string;
                        /** @default 0 */
                        branch_office: number;
                    };
                    cost_center?: number;
                    currency?: {
                        /** @enum {string} */
                        code: "COP" | "EUR" | "USD" | "ANG" | "ARS" | "AUD" | "BOB" | "BRL" | "CAD" | "CHF" | "CLP" | "CRC" | "GBP" | "GTQ" | "HNL" | "JPY" | "MXN" | "NZD" | "PAB" | "PEN" | "SGD" | "UYU";
                        exchange_rate?: number;
                    };
                    /** @description DebtPayment: the due items paid; AdvancePayment: optional concepts; Detailed: the accounting entries */
                    items?: {
                        /** @description Detailed vouchers only: the account and side of the entry */
                        account?: {
                            /** @description Account of the chart of accounts (see /v1/accounts) */
                            code: string;
                            /** @enum {string} */
                            movement: "Debit" | "Credit";
                        };
                        description?: string;
                        /** @description Amount of the entry (of a tax entry: the tax amount); at most 2 decimals */
                        value: number;
                        /** @description The due item of one of the customer's invoices that this entry pays */
                        due?: {
                            /** @description Prefix of the invoice */
                            prefix: string;
                            /** @description Number of the invoice */
                            consecutive: number;
                            /** @description Installment, from 1 */
                            quote: number;
                            /**
                             * Format: date
                             * @description Due date; when sent it must match
                             */
                            date?: string;
                        };
                        /** @description Detailed vouchers only: the entry is this tax */
                        tax?: {
                            /** @description Tax id (see /v1/taxes) */
                            id: number;
                        };
                    }[];
                    payment?: {
                        /** @description Payment type id (see /v1/payment-types?document_type=RC) */
                        id: number;
                        /** @description Amount received; at most 2 decimals */
                        value: number;
                    };
                    /** @description The same single object as payment (the spelling of the specification's field list); the answer says payment */
                    payments?: {
                        /** @description Payment type id (see /v1/payment-types?document_type=RC) */
                        id: number;
                        /** @description Amount received; at most 2 decimals */
                        value: number;
                    };
                    observations?: string;
                };
            };
        };
        responses: {
            /** @description The voucher created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "f0793f69-b3a9-4fc9-a926-294efe300017",
                     *       "document": {
                     *         "id": 11,
                     *         "name": "Recibo de caja"
                     *       },
                     *       "prefix": "RC",
                     *       "number": 1,
                     *       "name": "RC-11-1",
                     *       "date": "2026-11-26",
                     *       "type": "DebtPayment",
                     *       "customer": {
                     *         "id": "1",
                     *         "identification": "900547821",
                     *         "branch_office": 0
                     *       },
                     *       "cost_center": null,
                     *       "currency": {
                     *         "code": "COP",
                     *         "exchange_rate": 1
                     *       },
                     *       "items": [
                     *         {
                     *           "value": 900,
                     *           "account": {
                     *             "code": "13050501",
                     *             "movement": "Credit"
                     *           },
                     *           "description": "",
                     *           "due": {
                     *             "prefix": "FV",
                     *             "consecutive": 2,
                     *             "quote": 1,
                     *             "date": "2099-12-31"
                     *           }
                     *         }
                     *       ],
                     *       "payment": {
                     *         "id": 6,
                     *         "name": "Efectivo",
                     *         "value": 900,
                     *         "due_date": null
                     *       },
                     *       "total": 900,
                     *       "observations": null,
                     *       "mail": {
                     *         "status": "not_sent",
                     *         "observations": null
                     *       },
                     *       "metadata": {
                     *         "created": "2026-11-26T09:15:17.223Z",
                     *         "last_updated": "2026-11-26T09:15:17.223Z",
                     *         "stock_updated": null
                     *       },
                     *       "annulled": false
                     *     }
                     */
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        /** @enum {string} */
                        type: "DebtPayment" | "AdvancePayment" | "Detailed";
                        customer: {
                            id: string;
                            identification: string;
                            branch_office: number;
                        } | null;
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        items: {
                            account?: {
                                code: string;
                                /** @enum {string} */
                                movement: "Debit" | "Credit";
                            };
                            description?: string;
                            value: number;
                            due?: {
                                prefix: string;
                                consecutive: number;
                                quote: number;
                                /** Format: date */
                                date: string;
                            };
                            tax?: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            };
                        }[];
                        payment: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: null;
                        } | null;
                        total: number;
                        observations: string | null;
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or its first request is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getVoucher: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Voucher id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The voucher */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        /** @enum {string} */
                        type: "DebtPayment" | "AdvancePayment" | "Detailed";
                        customer: {
                            id: string;
                            identification: string;
                            branch_office: number;
                        } | null;
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        items: {
                            account?: {
                                code: string;
                                /** @enum {string} */
                                movement: "Debit" | "Credit";
                            };
                            description?: string;
                            value: number;
                            due?: {
                                prefix: string;
                                consecutive: number;
                                quote: number;
                                /** Format: date */
                                date: string;
                            };
                            tax?: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            };
                        }[];
                        payment: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: null;
                        } | null;
                        total: number;
                        observations: string | null;
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    annulVoucher: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Voucher id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The voucher */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        /** @enum {string} */
                        type: "DebtPayment" | "AdvancePayment" | "Detailed";
                        customer: {
                            id: string;
                            identification: string;
                            branch_office: number;
                        } | null;
                        cost_center: number | null;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        items: {
                            account?: {
                                code: string;
                                /** @enum {string} */
                                movement: "Debit" | "Credit";
                            };
                            description?: string;
                            value: number;
                            due?: {
                                prefix: string;
                                consecutive: number;
                                quote: number;
                                /** Format: date */
                                date: string;
                            };
                            tax?: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            };
                        }[];
                        payment: {
                            id: number;
                            name: string;
                            value: number;
                            due_date: null;
                        } | null;
                        total: number;
                        observations: string | null;
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTrialBalance: {
        parameters: {
            query?: {
                /** @description First day of the period; omitted: from the first entry. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Last day of the period; omitted: up to the last entry. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date_start: string | null;
                        date_end: string | null;
                        accounts: {
                            code: string;
                            name: string | null;
                            nature: string | null;
                            opening_balance: number;
                            debits: number;
                            credits: number;
                            closing_balance: number;
                        }[];
                        totals: {
                            opening_balance: number;
                            debits: number;
                            credits: number;
                            closing_balance: number;
                        };
                        /** @description Debits equal credits and the balances add up to 0 */
                        balanced: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountsReceivable: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                /** @description The day the receivables are aged at; omitted: today in the company's time zone. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date?: string;
                customer_identification?: string;
                customer_branch_office?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date */
                        date: string;
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        customers: {
                            customer: {
                                id: string;
                                identification: string;
                                branch_office: number;
                                name: string;
                            };
                            currency: string;
                            items: {
                                invoice: {
                                    /** Format: uuid */
                                    id: string;
                                    name: string;
                                    /** Format: date */
                                    date: string;
                                };
                                due: {
                                    prefix: string;
                                    consecutive: number;
                                    quote: number;
                                    /** Format: date */
                                    date: string;
                                };
                                amount: number;
                                paid: number;
                                balance: number;
                                days_past_due: number;
                                /** @enum {string} */
                                bucket: "current" | "days_1_30" | "days_31_60" | "days_61_90" | "days_over_90";
                            }[];
                            totals: {
                                current: number;
                                days_1_30: number;
                                days_31_60: number;
                                days_61_90: number;
                                days_over_90: number;
                                total: number;
                            };
                        }[];
                        /** @description Per currency, of the whole report (or of the customer filter) */
                        totals: {
                            currency: string;
                            current: number;
                            days_1_30: number;
                            days_31_60: number;
                            days_61_90: number;
                            days_over_90: number;
                            total: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mailInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Addresses separated by ";" (at most 5); default: the customer's contact e-mails */
                    mail_to?: string;
                    /** @description Copies, separated by ";" (at most 5) */
                    copy_to?: string;
                };
            };
        };
        responses: {
            /** @description The e-mail was queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        mail_to: string[] | null;
                        copy_to: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: {"base64": …}, or the file itself with Accept: application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mailVoucher: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Voucher id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Addresses separated by ";" (at most 5); default: the customer's contact e-mails */
                    mail_to?: string;
                    /** @description Copies, separated by ";" (at most 5) */
                    copy_to?: string;
                };
            };
        };
        responses: {
            /** @description The e-mail was queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        mail_to: string[] | null;
                        copy_to: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getVoucherPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Voucher id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: {"base64": …}, or the file itself with Accept: application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mailCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Addresses separated by ";" (at most 5); default: the customer's contact e-mails */
                    mail_to?: string;
                    /** @description Copies, separated by ";" (at most 5) */
                    copy_to?: string;
                };
            };
        };
        responses: {
            /** @description The e-mail was queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        mail_to: string[] | null;
                        copy_to: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCreditNotePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: {"base64": …}, or the file itself with Accept: application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mailDebitNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Debit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Addresses separated by ";" (at most 5); default: the customer's contact e-mails */
                    mail_to?: string;
                    /** @description Copies, separated by ";" (at most 5) */
                    copy_to?: string;
                };
            };
        };
        responses: {
            /** @description The e-mail was queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        mail_to: string[] | null;
                        copy_to: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getDebitNotePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Debit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: {"base64": …}, or the file itself with Accept: application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            /** Format: uuid */
                            id: string;
                            url: string;
                            events: string[];
                            description: string | null;
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The key of Webhook-Signature (HMAC-SHA256); answered only by the creation */
                            secret?: string;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://erp.example.co/hooks/facturas",
                 *       "events": [
                 *         "invoice.stamp_accepted",
                 *         "invoice.stamp_rejected"
                 *       ],
                 *       "description": "ERP"
                 *     }
                 */
                "application/json": {
                    /** @description Where events are POSTed: https:// (or http://) on a public address */
                    url: string;
                    /** @description Event types (<document>.<event>), or "*" for every one: *, invoice.created, invoice.annulled, invoice.deleted, invoice.stamp_accepted, invoice.stamp_rejected, invoice.cancellation_pending, invoice.cancelled, invoice.mail_sent, invoice.mail_failed, credit_note.created, credit_note.annulled, credit_note.deleted, credit_note.stamp_accepted, credit_note.stamp_rejected, credit_note.cancellation_pending, credit_note.cancelled, credit_note.mail_sent, credit_note.mail_failed, debit_note.created, debit_note.annulled, debit_note.deleted, debit_note.stamp_accepted, debit_note.stamp_rejected, debit_note.cancellation_pending, debit_note.cancelled, debit_note.mail_sent, debit_note.mail_failed, voucher.created, voucher.annulled, voucher.deleted, voucher.stamp_accepted, voucher.stamp_rejected, voucher.cancellation_pending, voucher.cancelled, voucher.mail_sent, voucher.mail_failed, payment.created, payment.annulled, payment.deleted, payment.stamp_accepted, payment.stamp_rejected, payment.cancellation_pending, payment.cancelled, payment.mail_sent, payment.mail_failed */
                    events: string[];
                    description?: string;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "9adb905b-31eb-485e-b0fc-e689b7399e91",
                     *       "url": "https://erp.example.co/hooks/facturas",
                     *       "events": [
                     *         "invoice.stamp_accepted",
                     *         "invoice.stamp_rejected"
                     *       ],
                     *       "description": "ERP",
                     *       "active": true,
                     *       "created_at": "2026-11-26T09:15:17.283Z",
                     *       "secret": "whsec_NbaXT445NuLXOv1lv92ACPVMMhh2rizp"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        url: string;
                        events: string[];
                        description: string | null;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** @description The key of Webhook-Signature (HMAC-SHA256); answered only by the creation */
                        secret?: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        url: string;
                        events: string[];
                        description: string | null;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** @description The key of Webhook-Signature (HMAC-SHA256); answered only by the creation */
                        secret?: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            event_id: string;
                            type: string;
                            document_id: string;
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            response_status: number | null;
                            last_error: string | null;
                            /** Format: date-time */
                            created_at: string;
                            last_attempt_at: string | null;
                            delivered_at: string | null;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
                /** @description Delivery id */
                delivery: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        event_id: string;
                        type: string;
                        document_id: string;
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        response_status: number | null;
                        last_error: string | null;
                        /** Format: date-time */
                        created_at: string;
                        last_attempt_at: string | null;
                        delivered_at: string | null;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    access_key: string;
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @constant */
                        token_type: "Bearer";
                        expires_in: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Wrong username or access key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListDocumentTypes: {
        parameters: {
            query?: {
                /** @description FV invoices, NC credit notes, ND debit notes, RC cash receipts; without it, every type */
                type?: "FV" | "NC" | "ND" | "RC" | "P";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        description: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        seller_by_item: boolean;
                        customer_by_item: boolean;
                        cost_center: boolean;
                        cost_center_mandatory: boolean;
                        automatic_number: boolean;
                        /** @description Next number to be taken */
                        consecutive: number;
                        /** @description Percentage or Value: how items.discount is read */
                        discount_type: string;
                        decimals: boolean;
                        advance_payment: boolean;
                        reteiva: boolean;
                        reteica: boolean;
                        self_withholding: boolean;
                        /** @description NoElectronic or ElectronicInvoice */
                        electronic_type: string;
                        cargo_transportation: boolean;
                        healthcare_company: boolean;
                        prefix: string;
                        /** @description DIAN numbering resolution (electronic types only) */
                        resolution?: {
                            number: string;
                            prefix: string;
                            from: number;
                            to: number;
                            /** Format: date */
                            valid_from: string;
                            /** Format: date */
                            valid_to: string;
                        };
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetDocumentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        description: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        seller_by_item: boolean;
                        customer_by_item: boolean;
                        cost_center: boolean;
                        cost_center_mandatory: boolean;
                        automatic_number: boolean;
                        /** @description Next number to be taken */
                        consecutive: number;
                        /** @description Percentage or Value: how items.discount is read */
                        discount_type: string;
                        decimals: boolean;
                        advance_payment: boolean;
                        reteiva: boolean;
                        reteica: boolean;
                        self_withholding: boolean;
                        /** @description NoElectronic or ElectronicInvoice */
                        electronic_type: string;
                        cargo_transportation: boolean;
                        healthcare_company: boolean;
                        prefix: string;
                        /** @description DIAN numbering resolution (electronic types only) */
                        resolution?: {
                            number: string;
                            prefix: string;
                            from: number;
                            to: number;
                            /** Format: date */
                            valid_from: string;
                            /** Format: date */
                            valid_to: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListUsers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            username: string;
                            first_name: string;
                            last_name: string;
                            email: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                            identification: string;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        username: string;
                        first_name: string;
                        last_name: string;
                        email: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        identification: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListTaxes: {
        parameters: {
            query?: {
                /** @description IVA, Impoconsumo, Retefuente, ReteIVA, ReteICA, Autorretencion, AdValorem (CO); IVA, ReteIVA, ReteISR, IEPS (MX) */
                type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        percentage: number;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetTax: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        percentage: number;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListPaymentTypes: {
        parameters: {
            query: {
                /** @description FV: payments of invoices; NC: how credit notes are settled; ND: of debit notes; RC: of cash receipts */
                document_type: "FV" | "NC" | "ND" | "RC" | "P";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        /** @description A payment of this type is credit: it needs a due_date and leaves a receivable */
                        due_date: boolean;
                        /** @description MX: c_FormaPago */
                        sat_code?: string;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetPaymentType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        type: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        /** @description A payment of this type is credit: it needs a due_date and leaves a receivable */
                        due_date: boolean;
                        /** @description MX: c_FormaPago */
                        sat_code?: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListWarehouses: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetWarehouse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListCostCenters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetCostCenter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListAccountGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetAccountGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListPriceLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        position: number;
                    }[];
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetPriceList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                        position: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListAccounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                /** @description Accounts whose code starts with this */
                code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            code: string;
                            name: string;
                            /** @description Debit or Credit */
                            nature: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        /** @description Debit or Credit */
                        nature: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListGlobalDiscounts: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            name: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetGlobalDiscount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListGlobalCharges: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            name: string;
                            /** @description Inactive records are refused by documents (parameter_inactive) */
                            active: boolean;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetGlobalCharge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description Inactive records are refused by documents (parameter_inactive) */
                        active: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListUses: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            code: string;
                            description: string;
                            /** @description person, company: who may receive an invoice with this use */
                            person_types: string[];
                            /** @description c_RegimenFiscal codes of the receivers allowed this use */
                            receiver_regimes: string[];
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetUse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        description: string;
                        /** @description person, company: who may receive an invoice with this use */
                        person_types: string[];
                        /** @description c_RegimenFiscal codes of the receivers allowed this use */
                        receiver_regimes: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListCustomers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                /** @description RFC */
                identification?: string;
                branch_office?: number;
                person_type?: string;
                type?: string;
                active?: boolean;
                /** @description Created on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Created on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            /** @description Customer, Supplier or Other */
                            type: string;
                            /** @description Person or Company */
                            person_type: string;
                            id_type: {
                                code: string;
                                name: string;
                            };
                            identification: string;
                            check_digit?: string;
                            branch_office: number;
                            name: string[];
                            commercial_name?: string;
                            active: boolean;
                            vat_responsible: boolean;
                            fiscal_responsibilities: {
                                code: string;
                                name?: string;
                            }[];
                            tax_regime?: string;
                            address: {
                                address?: string;
                                city?: {
                                    country_code?: string;
                                    state_code?: string;
                                    city_code?: string;
                                    city_name?: string;
                                    state_name?: string;
                                };
                                fiscal_residence?: string;
                                foreign_tax_id?: string;
                                postal_code?: string;
                                street?: string;
                                exterior_number?: string;
                                interior_number?: string;
                                colony?: string;
                                locality?: string;
                            };
                            phones: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            }[];
                            contacts: {
                                first_name?: string;
                                last_name?: string;
                                email?: string;
                                phone?: {
                                    indicative?: string;
                                    number?: string;
                                    extension?: string;
                                };
                            }[];
                            comments?: string;
                            related_users?: {
                                seller_id?: number;
                                collector_id?: number;
                            };
                            custom_fields: {
                                key: string;
                                value: string;
                            }[];
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                            };
                            /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                            advance_balance?: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCreateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Customer */
                    type: string;
                    /** @description Person or Company, in any letter case (person, company) */
                    person_type: string;
                    /** @description RFC (the default), or the answer's {code, name} */
                    id_type?: string | {
                        code: string;
                        name?: string;
                    };
                    identification: string;
                    /** @description NIT check digit (computed when omitted) */
                    check_digit?: string;
                    /** @default 0 */
                    branch_office: number;
                    /** @description A company: one element (or a string). A person: two elements, first names and last names. */
                    name: string | string[];
                    commercial_name?: string;
                    /** @default true */
                    active: boolean;
                    /** @default false */
                    vat_responsible: boolean;
                    /** @default [] */
                    fiscal_responsibilities: {
                        code: string;
                        name?: string;
                    }[];
                    /** @description SAT c_RegimenFiscal */
                    tax_regime: string;
                    address: {
                        address: string;
                        city?: {
                            /** @description ISO 3166 code in any letter case (MX, Mx); answered in capitals */
                            country_code: string;
                            state_code?: string;
                            city_code?: string;
                        };
                        /** @description DomicilioFiscalReceptor */
                        postal_code: string;
                        street?: string;
                        exterior_number?: string;
                        interior_number?: string;
                        colony?: string;
                        locality?: string;
                        /** @description ResidenciaFiscal (c_Pais): required for the generic RFC XEXX010101000 of a receiver resident abroad */
                        fiscal_residence?: string;
                        /** @description NumRegIdTrib: its tax id in its country of residence (XEXX010101000) */
                        foreign_tax_id?: string;
                    };
                    /** @default [] */
                    phones: {
                        /** @description Country or area code */
                        indicative?: string;
                        number: string;
                        extension?: string;
                    }[];
                    /** @default [] */
                    contacts: {
                        first_name: string;
                        last_name?: string;
                        /** Format: email */
                        email?: string;
                        phone?: {
                            /** @description Country or area code */
                            indicative?: string;
                            number: string;
                            extension?: string;
                        };
                    }[];
                    comments?: string;
                    related_users?: {
                        seller_id?: number;
                        collector_id?: number;
                    };
                    /** @default [] */
                    custom_fields: {
                        key: string;
                        value: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Customer, Supplier or Other */
                        type: string;
                        /** @description Person or Company */
                        person_type: string;
                        id_type: {
                            code: string;
                            name: string;
                        };
                        identification: string;
                        check_digit?: string;
                        branch_office: number;
                        name: string[];
                        commercial_name?: string;
                        active: boolean;
                        vat_responsible: boolean;
                        fiscal_responsibilities: {
                            code: string;
                            name?: string;
                        }[];
                        tax_regime?: string;
                        address: {
                            address?: string;
                            city?: {
                                country_code?: string;
                                state_code?: string;
                                city_code?: string;
                                city_name?: string;
                                state_name?: string;
                            };
                            fiscal_residence?: string;
                            foreign_tax_id?: string;
                            postal_code?: string;
                            street?: string;
                            exterior_number?: string;
                            interior_number?: string;
                            colony?: string;
                            locality?: string;
                        };
                        phones: {
                            indicative?: string;
                            number?: string;
                            extension?: string;
                        }[];
                        contacts: {
                            first_name?: string;
                            last_name?: string;
                            email?: string;
                            phone?: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            };
                        }[];
                        comments?: string;
                        related_users?: {
                            seller_id?: number;
                            collector_id?: number;
                        };
                        custom_fields: {
                            key: string;
                            value: string;
                        }[];
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                        /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                        advance_balance?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Customer, Supplier or Other */
                        type: string;
                        /** @description Person or Company */
                        person_type: string;
                        id_type: {
                            code: string;
                            name: string;
                        };
                        identification: string;
                        check_digit?: string;
                        branch_office: number;
                        name: string[];
                        commercial_name?: string;
                        active: boolean;
                        vat_responsible: boolean;
                        fiscal_responsibilities: {
                            code: string;
                            name?: string;
                        }[];
                        tax_regime?: string;
                        address: {
                            address?: string;
                            city?: {
                                country_code?: string;
                                state_code?: string;
                                city_code?: string;
                                city_name?: string;
                                state_name?: string;
                            };
                            fiscal_residence?: string;
                            foreign_tax_id?: string;
                            postal_code?: string;
                            street?: string;
                            exterior_number?: string;
                            interior_number?: string;
                            colony?: string;
                            locality?: string;
                        };
                        phones: {
                            indicative?: string;
                            number?: string;
                            extension?: string;
                        }[];
                        contacts: {
                            first_name?: string;
                            last_name?: string;
                            email?: string;
                            phone?: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            };
                        }[];
                        comments?: string;
                        related_users?: {
                            seller_id?: number;
                            collector_id?: number;
                        };
                        custom_fields: {
                            key: string;
                            value: string;
                        }[];
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                        /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                        advance_balance?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxUpdateCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Customer */
                    type: string;
                    /** @description Person or Company, in any letter case (person, company) */
                    person_type: string;
                    /** @description RFC (the default), or the answer's {code, name} */
                    id_type?: string | {
                        code: string;
                        name?: string;
                    };
                    identification: string;
                    /** @description NIT check digit (computed when omitted) */
                    check_digit?: string;
                    /** @default 0 */
                    branch_office: number;
                    /** @description A company: one element (or a string). A person: two elements, first names and last names. */
                    name: string | string[];
                    commercial_name?: string;
                    /** @default true */
                    active: boolean;
                    /** @default false */
                    vat_responsible: boolean;
                    /** @default [] */
                    fiscal_responsibilities: {
                        code: string;
                        name?: string;
                    }[];
                    /** @description SAT c_RegimenFiscal */
                    tax_regime: string;
                    address: {
                        address: string;
                        city?: {
                            /** @description ISO 3166 code in any letter case (MX, Mx); answered in capitals */
                            country_code: string;
                            state_code?: string;
                            city_code?: string;
                        };
                        /** @description DomicilioFiscalReceptor */
                        postal_code: string;
                        street?: string;
                        exterior_number?: string;
                        interior_number?: string;
                        colony?: string;
                        locality?: string;
                        /** @description ResidenciaFiscal (c_Pais): required for the generic RFC XEXX010101000 of a receiver resident abroad */
                        fiscal_residence?: string;
                        /** @description NumRegIdTrib: its tax id in its country of residence (XEXX010101000) */
                        foreign_tax_id?: string;
                    };
                    /** @default [] */
                    phones: {
                        /** @description Country or area code */
                        indicative?: string;
                        number: string;
                        extension?: string;
                    }[];
                    /** @default [] */
                    contacts: {
                        first_name: string;
                        last_name?: string;
                        /** Format: email */
                        email?: string;
                        phone?: {
                            /** @description Country or area code */
                            indicative?: string;
                            number: string;
                            extension?: string;
                        };
                    }[];
                    comments?: string;
                    related_users?: {
                        seller_id?: number;
                        collector_id?: number;
                    };
                    /** @default [] */
                    custom_fields: {
                        key: string;
                        value: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @description Customer, Supplier or Other */
                        type: string;
                        /** @description Person or Company */
                        person_type: string;
                        id_type: {
                            code: string;
                            name: string;
                        };
                        identification: string;
                        check_digit?: string;
                        branch_office: number;
                        name: string[];
                        commercial_name?: string;
                        active: boolean;
                        vat_responsible: boolean;
                        fiscal_responsibilities: {
                            code: string;
                            name?: string;
                        }[];
                        tax_regime?: string;
                        address: {
                            address?: string;
                            city?: {
                                country_code?: string;
                                state_code?: string;
                                city_code?: string;
                                city_name?: string;
                                state_name?: string;
                            };
                            fiscal_residence?: string;
                            foreign_tax_id?: string;
                            postal_code?: string;
                            street?: string;
                            exterior_number?: string;
                            interior_number?: string;
                            colony?: string;
                            locality?: string;
                        };
                        phones: {
                            indicative?: string;
                            number?: string;
                            extension?: string;
                        }[];
                        contacts: {
                            first_name?: string;
                            last_name?: string;
                            email?: string;
                            phone?: {
                                indicative?: string;
                                number?: string;
                                extension?: string;
                            };
                        }[];
                        comments?: string;
                        related_users?: {
                            seller_id?: number;
                            collector_id?: number;
                        };
                        custom_fields: {
                            key: string;
                            value: string;
                        }[];
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                        /** @description Colombia: advances received (AdvancePayment vouchers) not yet applied to invoices, in COP */
                        advance_balance?: number;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxDeleteCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference API's delete result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        deleted: boolean;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListProducts: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                code?: string;
                /** @description Up to 20 product ids, comma-separated: ids=12,15 */
                ids?: string;
                type?: string;
                /** @description Account group id (see /v1/account-groups) */
                account_group?: number;
                stock_control?: boolean;
                active?: boolean;
                /** @description Created on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Created on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: number;
                            code: string;
                            name: string;
                            account_group?: {
                                id: number;
                                name?: string;
                            };
                            /** @description Product, Service or ConsumerGood */
                            type: string;
                            stock_control: boolean;
                            active: boolean;
                            /** @description Taxed, Exempt or Excluded */
                            tax_classification: string;
                            tax_included: boolean;
                            tax_consumption_value?: number;
                            taxes: {
                                id: number;
                                name: string;
                                type: string;
                                percentage: number;
                            }[];
                            prices: {
                                currency_code: string;
                                price_list: {
                                    position: number;
                                    name: string;
                                    value: number;
                                }[];
                            }[];
                            unit: {
                                code: string;
                                name: string;
                            };
                            unit_label?: string;
                            reference?: string;
                            description?: string;
                            long_description?: string;
                            additional_fields?: {
                                barcode?: string;
                                brand?: string;
                                tariff?: string;
                                model?: string;
                            };
                            sat_product_key?: string;
                            sat_unit_key?: string;
                            tax_object?: string;
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                            };
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCreateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    name: string;
                    /** @description Inventory classification: an id of /v1/account-groups, or the answer's {id, name} */
                    account_group?: number | {
                        id: number;
                        name?: string;
                    };
                    /** @default Product */
                    type: string;
                    /** @default false */
                    stock_control: boolean;
                    /** @default true */
                    active: boolean;
                    /** @default Taxed */
                    tax_classification: string;
                    /**
                     * @description The prices include the product's taxes
                     * @default false
                     */
                    tax_included: boolean;
                    /** @description Value of the consumption tax (impuesto al consumo) */
                    tax_consumption_value?: number;
                    /**
                     * @description Default taxes of the product (see /v1/taxes)
                     * @default []
                     */
                    taxes: {
                        id: number;
                    }[];
                    /** @default [] */
                    prices: {
                        /** @description The company's currency (the default) or one of its enabled foreign currencies */
                        currency_code?: string;
                        price_list?: {
                            /** @description Position of a price list (see /v1/price-lists) */
                            position: number;
                            /** @description Answered from the price list when not set on the product */
                            name?: string;
                            value: number;
                        }[];
                        /** @description Position of a price list (see /v1/price-lists) */
                        position?: number;
                        /** @description Answered from the price list when not set on the product */
                        name?: string;
                        value?: number;
                    }[];
                    /**
                     * @description Unit of measure code (any letter case), or the answer's {code, name}
                     * @default H87
                     */
                    unit: string | {
                        code: string;
                        name?: string;
                    };
                    unit_label?: string;
                    reference?: string;
                    description?: string;
                    long_description?: string;
                    additional_fields?: {
                        barcode?: string;
                        brand?: string;
                        tariff?: string;
                        model?: string;
                    };
                    /** @description SAT c_ClaveProdServ */
                    sat_product_key: string;
                    /** @description SAT c_ClaveUnidad */
                    sat_unit_key: string;
                    /**
                     * @description SAT c_ObjetoImp
                     * @default 02
                     * @enum {string}
                     */
                    tax_object: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08";
                };
            };
        };
        responses: {
            /** @description The answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        account_group?: {
                            id: number;
                            name?: string;
                        };
                        /** @description Product, Service or ConsumerGood */
                        type: string;
                        stock_control: boolean;
                        active: boolean;
                        /** @description Taxed, Exempt or Excluded */
                        tax_classification: string;
                        tax_included: boolean;
                        tax_consumption_value?: number;
                        taxes: {
                            id: number;
                            name: string;
                            type: string;
                            percentage: number;
                        }[];
                        prices: {
                            currency_code: string;
                            price_list: {
                                position: number;
                                name: string;
                                value: number;
                            }[];
                        }[];
                        unit: {
                            code: string;
                            name: string;
                        };
                        unit_label?: string;
                        reference?: string;
                        description?: string;
                        long_description?: string;
                        additional_fields?: {
                            barcode?: string;
                            brand?: string;
                            tariff?: string;
                            model?: string;
                        };
                        sat_product_key?: string;
                        sat_unit_key?: string;
                        tax_object?: string;
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        account_group?: {
                            id: number;
                            name?: string;
                        };
                        /** @description Product, Service or ConsumerGood */
                        type: string;
                        stock_control: boolean;
                        active: boolean;
                        /** @description Taxed, Exempt or Excluded */
                        tax_classification: string;
                        tax_included: boolean;
                        tax_consumption_value?: number;
                        taxes: {
                            id: number;
                            name: string;
                            type: string;
                            percentage: number;
                        }[];
                        prices: {
                            currency_code: string;
                            price_list: {
                                position: number;
                                name: string;
                                value: number;
                            }[];
                        }[];
                        unit: {
                            code: string;
                            name: string;
                        };
                        unit_label?: string;
                        reference?: string;
                        description?: string;
                        long_description?: string;
                        additional_fields?: {
                            barcode?: string;
                            brand?: string;
                            tariff?: string;
                            model?: string;
                        };
                        sat_product_key?: string;
                        sat_unit_key?: string;
                        tax_object?: string;
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxUpdateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    name: string;
                    /** @description Inventory classification: an id of /v1/account-groups, or the answer's {id, name} */
                    account_group?: number | {
                        id: number;
                        name?: string;
                    };
                    /** @default Product */
                    type: string;
                    /** @default false */
                    stock_control: boolean;
                    /** @default true */
                    active: boolean;
                    /** @default Taxed */
                    tax_classification: string;
                    /**
                     * @description The prices include the product's taxes
                     * @default false
                     */
                    tax_included: boolean;
                    /** @description Value of the consumption tax (impuesto al consumo) */
                    tax_consumption_value?: number;
                    /**
                     * @description Default taxes of the product (see /v1/taxes)
                     * @default []
                     */
                    taxes: {
                        id: number;
                    }[];
                    /** @default [] */
                    prices: {
                        /** @description The company's currency (the default) or one of its enabled foreign currencies */
                        currency_code?: string;
                        price_list?: {
                            /** @description Position of a price list (see /v1/price-lists) */
                            position: number;
                            /** @description Answered from the price list when not set on the product */
                            name?: string;
                            value: number;
                        }[];
                        /** @description Position of a price list (see /v1/price-lists) */
                        position?: number;
                        /** @description Answered from the price list when not set on the product */
                        name?: string;
                        value?: number;
                    }[];
                    /**
                     * @description Unit of measure code (any letter case), or the answer's {code, name}
                     * @default H87
                     */
                    unit: string | {
                        code: string;
                        name?: string;
                    };
                    unit_label?: string;
                    reference?: string;
                    description?: string;
                    long_description?: string;
                    additional_fields?: {
                        barcode?: string;
                        brand?: string;
                        tariff?: string;
                        model?: string;
                    };
                    /** @description SAT c_ClaveProdServ */
                    sat_product_key: string;
                    /** @description SAT c_ClaveUnidad */
                    sat_unit_key: string;
                    /**
                     * @description SAT c_ObjetoImp
                     * @default 02
                     * @enum {string}
                     */
                    tax_object: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08";
                };
            };
        };
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        code: string;
                        name: string;
                        account_group?: {
                            id: number;
                            name?: string;
                        };
                        /** @description Product, Service or ConsumerGood */
                        type: string;
                        stock_control: boolean;
                        active: boolean;
                        /** @description Taxed, Exempt or Excluded */
                        tax_classification: string;
                        tax_included: boolean;
                        tax_consumption_value?: number;
                        taxes: {
                            id: number;
                            name: string;
                            type: string;
                            percentage: number;
                        }[];
                        prices: {
                            currency_code: string;
                            price_list: {
                                position: number;
                                name: string;
                                value: number;
                            }[];
                        }[];
                        unit: {
                            code: string;
                            name: string;
                        };
                        unit_label?: string;
                        reference?: string;
                        description?: string;
                        long_description?: string;
                        additional_fields?: {
                            barcode?: string;
                            brand?: string;
                            tariff?: string;
                            model?: string;
                        };
                        sat_product_key?: string;
                        sat_unit_key?: string;
                        tax_object?: string;
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                        };
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxDeleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference API's delete result */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        deleted: boolean;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListInvoices: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                document_id?: number;
                customer_identification?: string;
                customer_branch_office?: number;
                name?: string;
                /** @description Documents dated on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Documents dated on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
                /** @description The id of a document of this list (usually the last of the page read): the page starts right after it, in the list's order, and `page` counts pages from there. Deep pages cost what the first one does */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of invoices, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: string | null;
                            document: {
                                id: number;
                                name: string;
                            };
                            prefix: string;
                            number: number | null;
                            name: string | null;
                            /** Format: date */
                            date: string;
                            customer: {
                                rfc_id: string;
                                branch_office: number;
                                name: string;
                            };
                            seller: number;
                            observations: string | null;
                            use: string;
                            cost_center: number | null;
                            items: {
                                code: string;
                                description: string;
                                quantity: number;
                                price: number;
                                discount: number;
                                warehouse: number | null;
                                sat_product_key: string;
                                sat_unit_key: string;
                                subtotal: number;
                                discount_value: number;
                                taxes: {
                                    id: number;
                                    name?: string | null;
                                    type: string;
                                    percentage: number;
                                    value: number;
                                    base_value: number;
                                }[];
                                total: number;
                            }[];
                            retentions: number[];
                            retention_details: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            subtotal: number;
                            discounts: number;
                            taxes_total: number;
                            withholdings_total: number;
                            /**
                             * @deprecated
                             * @description The same figure as withholdings_total
                             */
                            retentions_total: number;
                            total: number;
                            balance: number;
                            payment: {
                                /** @enum {string} */
                                method: "PUE" | "PPD";
                                conditions: {
                                    id: number;
                                    value: number;
                                    /** Format: date */
                                    due_date: string;
                                    name: string;
                                    payment_form: string;
                                };
                            };
                            stamp: {
                                send: boolean;
                                status: "Draft" | "Pending" | "Accepted" | "Rejected";
                                uuid: string | null;
                                errors: string | null;
                                observations: string | null;
                            };
                            mail: {
                                send?: boolean;
                                status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                                observations: string | null;
                            };
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                                stock_updated?: null;
                            };
                            annulled: boolean;
                            cancellation?: {
                                status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                                /** @description c_MotivoCancelacion: 01–04 */
                                motive: string;
                                substitution: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                errors: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCreateInvoice: {
        parameters: {
            query?: never;
            header: {
                /** @description 1–64 letters, digits or hyphens: a retry with the same key and body answers the first result */
                "Idempotency-Key"?: string;
                /** @description Required: name of the integrating application (3–100 characters) */
                "ServiceAPI-Application-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document": {
                 *         "id": 17
                 *       },
                 *       "customer": {
                 *         "rfc_id": "XIA190128J61",
                 *         "branch_office": 0
                 *       },
                 *       "seller": 5,
                 *       "use": "G03",
                 *       "items": [
                 *         {
                 *           "code": "LAP14",
                 *           "quantity": 2,
                 *           "price": 1500,
                 *           "discount": 300
                 *         }
                 *       ],
                 *       "payment": {
                 *         "method": "PUE",
                 *         "conditions": {
                 *           "id": 15,
                 *           "value": 3132,
                 *           "due_date": "2026-11-26"
                 *         }
                 *       },
                 *       "stamp": {
                 *         "send": true
                 *       }
                 *     }
                 */
                "application/json": {
                    document: {
                        /** @description Document type id (see /mx/v1/document-types?type=FV) */
                        id: number;
                    };
                    /** @description Folio; required when the document type has automatic_number false */
                    number?: number;
                    customer: {
                        /** @description RFC of an existing, active customer */
                        rfc_id: string;
                        /** @default 0 */
                        branch_office: number;
                    };
                    /** @description Seller id (see /mx/v1/users) */
                    seller: number;
                    observations?: string;
                    /** @description c_UsoCFDI code allowed for the customer's person type (see /mx/v1/uses) */
                    use: string;
                    cost_center?: number;
                    items: {
                        /** @description Product or service code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes */
                        price: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        warehouse?: number;
                    }[];
                    /** @description Ids of ReteIVA and ReteISR taxes */
                    retentions?: number[];
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    payment: {
                        /**
                         * @description PUE: paid in one payment; PPD: deferred (payment form 99, to be defined)
                         * @enum {string}
                         */
                        method: "PUE" | "PPD";
                        conditions: {
                            /** @description Payment condition (see /mx/v1/payment-types?document_type=FV) */
                            id: number;
                            /** @description Must equal the invoice total */
                            value: number;
                            /** Format: date */
                            due_date: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The invoice created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "fdaff245-e2bb-422d-a30d-cca87e339791",
                     *       "document": {
                     *         "id": 17,
                     *         "name": "Factura serie A"
                     *       },
                     *       "prefix": "A",
                     *       "number": 1,
                     *       "name": "A-17-1",
                     *       "date": "2026-11-26",
                     *       "customer": {
                     *         "rfc_id": "XIA190128J61",
                     *         "branch_office": 0,
                     *         "name": "XENON INDUSTRIAL ARTICLES"
                     *       },
                     *       "seller": 5,
                     *       "observations": null,
                     *       "use": "G03",
                     *       "cost_center": null,
                     *       "items": [
                     *         {
                     *           "code": "LAP14",
                     *           "description": "Laptop 14 pulgadas, procesador de 8 núcleos, 16 GB de RAM, SSD de 512 GB, garantía de un año",
                     *           "quantity": 2,
                     *           "price": 1500,
                     *           "discount": 300,
                     *           "warehouse": null,
                     *           "sat_product_key": "43211503",
                     *           "sat_unit_key": "H87",
                     *           "subtotal": 3000,
                     *           "discount_value": 300,
                     *           "taxes": [
                     *             {
                     *               "id": 11,
                     *               "type": "IVA",
                     *               "percentage": 16,
                     *               "value": 432,
                     *               "base_value": 2700,
                     *               "name": "IVA 16%"
                     *             }
                     *           ],
                     *           "total": 3132
                     *         }
                     *       ],
                     *       "retentions": [],
                     *       "retention_details": [],
                     *       "subtotal": 3000,
                     *       "discounts": 300,
                     *       "taxes_total": 432,
                     *       "withholdings_total": 0,
                     *       "retentions_total": 0,
                     *       "total": 3132,
                     *       "balance": 0,
                     *       "payment": {
                     *         "method": "PUE",
                     *         "conditions": {
                     *           "id": 15,
                     *           "value": 3132,
                     *           "due_date": "2026-11-26",
                     *           "name": "Contado",
                     *           "payment_form": "01"
                     *         }
                     *       },
                     *       "stamp": {
                     *         "send": true,
                     *         "status": "Accepted",
                     *         "uuid": "F5233587-693F-4D6E-9CB4-F0BDF9DCF308",
                     *         "errors": null,
                     *         "observations": null
                     *       },
                     *       "mail": {
                     *         "status": "not_sent",
                     *         "observations": null,
                     *         "send": false
                     *       },
                     *       "metadata": {
                     *         "created": "2026-11-26T09:15:17.909Z",
                     *         "last_updated": "2026-11-26T09:15:19.127Z"
                     *       },
                     *       "annulled": false,
                     *       "cancellation": null
                     *     }
                     */
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        seller: number;
                        observations: string | null;
                        use: string;
                        cost_center: number | null;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        balance: number;
                        payment: {
                            /** @enum {string} */
                            method: "PUE" | "PPD";
                            conditions: {
                                id: number;
                                value: number;
                                /** Format: date */
                                due_date: string;
                                name: string;
                                payment_form: string;
                            };
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or its first request is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxPreviewInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document: {
                        /** @description Document type id (see /mx/v1/document-types?type=FV) */
                        id: number;
                    };
                    /** @description Folio; required when the document type has automatic_number false */
                    number?: number;
                    customer: {
                        /** @description RFC of an existing, active customer */
                        rfc_id: string;
                        /** @default 0 */
                        branch_office: number;
                    };
                    /** @description Seller id (see /mx/v1/users) */
                    seller: number;
                    observations?: string;
                    /** @description c_UsoCFDI code allowed for the customer's person type (see /mx/v1/uses) */
                    use: string;
                    cost_center?: number;
                    items: {
                        /** @description Product or service code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes */
                        price: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        warehouse?: number;
                    }[];
                    /** @description Ids of ReteIVA and ReteISR taxes */
                    retentions?: number[];
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                    payment: {
                        /**
                         * @description PUE: paid in one payment; PPD: deferred (payment form 99, to be defined)
                         * @enum {string}
                         */
                        method: "PUE" | "PPD";
                        conditions: {
                            /** @description Payment condition (see /mx/v1/payment-types?document_type=FV) */
                            id: number;
                            /** @description Must equal the invoice total */
                            value: number;
                            /** Format: date */
                            due_date: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description The invoice as it would be created; nothing stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        seller: number;
                        observations: string | null;
                        use: string;
                        cost_center: number | null;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        balance: number;
                        payment: {
                            /** @enum {string} */
                            method: "PUE" | "PPD";
                            conditions: {
                                id: number;
                                value: number;
                                /** Format: date */
                                due_date: string;
                                name: string;
                                payment_form: string;
                            };
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        seller: number;
                        observations: string | null;
                        use: string;
                        cost_center: number | null;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        balance: number;
                        payment: {
                            /** @enum {string} */
                            method: "PUE" | "PPD";
                            conditions: {
                                id: number;
                                value: number;
                                /** Format: date */
                                due_date: string;
                                name: string;
                                payment_form: string;
                            };
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxDeleteInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxAnnulInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        seller: number;
                        observations: string | null;
                        use: string;
                        cost_center: number | null;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        balance: number;
                        payment: {
                            /** @enum {string} */
                            method: "PUE" | "PPD";
                            conditions: {
                                id: number;
                                value: number;
                                /** Format: date */
                                due_date: string;
                                name: string;
                                payment_form: string;
                            };
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxStampInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        seller: number;
                        observations: string | null;
                        use: string;
                        cost_center: number | null;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        balance: number;
                        payment: {
                            /** @enum {string} */
                            method: "PUE" | "PPD";
                            conditions: {
                                id: number;
                                value: number;
                                /** Format: date */
                                due_date: string;
                                name: string;
                                payment_form: string;
                            };
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetInvoiceStampErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax authority's (or stamping provider's) verdict: its rule codes and messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "Draft" | "Pending" | "Accepted" | "Rejected";
                        errors: {
                            code: string;
                            message: string;
                        }[];
                        observations: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetInvoiceXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed or stamped XML: {"base64": …}, or the XML itself with Accept: application/xml */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/xml": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCancelInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description c_MotivoCancelacion: 01 issued with errors, with relation (send substitution); 02 issued with errors, without relation; 03 operation not carried out; 04 nominative operation related to a global invoice
                     * @enum {string}
                     */
                    motive: "01" | "02" | "03" | "04";
                    /**
                     * Format: uuid
                     * @description Motive 01: the UUID (fiscal folio) of the stamped CFDI that replaces this one
                     */
                    substitution?: string;
                };
            };
        };
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        seller: number;
                        observations: string | null;
                        use: string;
                        cost_center: number | null;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        balance: number;
                        payment: {
                            /** @enum {string} */
                            method: "PUE" | "PPD";
                            conditions: {
                                id: number;
                                value: number;
                                /** Format: date */
                                due_date: string;
                                name: string;
                                payment_form: string;
                            };
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The cancellation was asked for and waits for the SAT or the receiver; ask again to learn its outcome */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        seller: number;
                        observations: string | null;
                        use: string;
                        cost_center: number | null;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        balance: number;
                        payment: {
                            /** @enum {string} */
                            method: "PUE" | "PPD";
                            conditions: {
                                id: number;
                                value: number;
                                /** Format: date */
                                due_date: string;
                                name: string;
                                payment_form: string;
                            };
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListCreditNotes: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                document_id?: number;
                customer_identification?: string;
                customer_branch_office?: number;
                name?: string;
                /** @description Documents dated on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Documents dated on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
                /** @description The id of a document of this list (usually the last of the page read): the page starts right after it, in the list's order, and `page` counts pages from there. Deep pages cost what the first one does */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credit notes, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: string | null;
                            document: {
                                id: number;
                                name: string;
                            };
                            prefix: string;
                            number: number | null;
                            name: string | null;
                            /** Format: date */
                            date: string;
                            customer: {
                                rfc_id: string;
                                branch_office: number;
                                name: string;
                            };
                            observations: string | null;
                            use: string;
                            items: {
                                code: string;
                                description: string;
                                quantity: number;
                                price: number;
                                discount: number;
                                warehouse: number | null;
                                sat_product_key: string;
                                sat_unit_key: string;
                                subtotal: number;
                                discount_value: number;
                                taxes: {
                                    id: number;
                                    name?: string | null;
                                    type: string;
                                    percentage: number;
                                    value: number;
                                    base_value: number;
                                }[];
                                total: number;
                            }[];
                            retentions: number[];
                            retention_details: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            subtotal: number;
                            discounts: number;
                            taxes_total: number;
                            withholdings_total: number;
                            /**
                             * @deprecated
                             * @description The same figure as withholdings_total
                             */
                            retentions_total: number;
                            total: number;
                            stamp: {
                                send: boolean;
                                status: "Draft" | "Pending" | "Accepted" | "Rejected";
                                uuid: string | null;
                                errors: string | null;
                                observations: string | null;
                            };
                            mail: {
                                send?: boolean;
                                status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                                observations: string | null;
                            };
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                                stock_updated?: null;
                            };
                            annulled: boolean;
                            cancellation?: ({
                                status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                                /** @description c_MotivoCancelacion: 01–04 */
                                motive: string;
                                substitution: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                errors: string | null;
                            } | null) | null;
                            payment_form: string;
                            invoices: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                uuid: string;
                                /** @description What the note credits on it */
                                amount: number;
                            }[];
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCreateCreditNote: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–64 letters, digits or hyphens: a retry with the same key and body answers the first result */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document": {
                 *         "id": 22
                 *       },
                 *       "invoices": [
                 *         {
                 *           "id": "ec6406ae-3d17-488b-a2db-fcdec4af9d21"
                 *         }
                 *       ],
                 *       "payment_form": "17",
                 *       "items": [
                 *         {
                 *           "code": "LAP14",
                 *           "quantity": 1,
                 *           "price": 100
                 *         }
                 *       ],
                 *       "stamp": {
                 *         "send": true
                 *       }
                 *     }
                 */
                "application/json": {
                    document: {
                        /** @description Document type id of type NC (see /mx/v1/document-types?type=NC) */
                        id: number;
                    };
                    /** @description Folio; required when the document type has automatic_number false */
                    number?: number;
                    invoices: {
                        /**
                         * Format: uuid
                         * @description A stamped invoice of the customer (CfdiRelacionado, TipoRelacion 01)
                         */
                        id: string;
                    }[];
                    /** @description c_UsoCFDI; G02 (devoluciones, descuentos o bonificaciones) by default */
                    use?: string;
                    /**
                     * @description c_FormaPago of what the note gives back: 17 (Compensación) applies it to the invoices' balances; any other form is a refund
                     * @enum {string}
                     */
                    payment_form: "01" | "02" | "03" | "04" | "05" | "06" | "08" | "12" | "13" | "14" | "15" | "17" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31";
                    items: {
                        /** @description Product or service code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes */
                        price: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        warehouse?: number;
                    }[];
                    /** @description Ids of ReteIVA and ReteISR taxes */
                    retentions?: number[];
                    observations?: string;
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The credit note created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "77db2762-5510-441d-93a4-f210a041651d",
                     *       "document": {
                     *         "id": 22,
                     *         "name": "Nota de crédito"
                     *       },
                     *       "prefix": "NC",
                     *       "number": 1,
                     *       "name": "NC-22-1",
                     *       "date": "2026-11-26",
                     *       "customer": {
                     *         "rfc_id": "XIA190128J61",
                     *         "branch_office": 0,
                     *         "name": "XENON INDUSTRIAL ARTICLES"
                     *       },
                     *       "observations": null,
                     *       "use": "G02",
                     *       "items": [
                     *         {
                     *           "code": "LAP14",
                     *           "description": "Laptop 14 pulgadas, procesador de 8 núcleos, 16 GB de RAM, SSD de 512 GB, garantía de un año",
                     *           "quantity": 1,
                     *           "price": 100,
                     *           "discount": 0,
                     *           "warehouse": null,
                     *           "sat_product_key": "43211503",
                     *           "sat_unit_key": "H87",
                     *           "subtotal": 100,
                     *           "discount_value": 0,
                     *           "taxes": [
                     *             {
                     *               "id": 11,
                     *               "type": "IVA",
                     *               "percentage": 16,
                     *               "value": 16,
                     *               "base_value": 100,
                     *               "name": "IVA 16%"
                     *             }
                     *           ],
                     *           "total": 116
                     *         }
                     *       ],
                     *       "retentions": [],
                     *       "retention_details": [],
                     *       "subtotal": 100,
                     *       "discounts": 0,
                     *       "taxes_total": 16,
                     *       "withholdings_total": 0,
                     *       "retentions_total": 0,
                     *       "total": 116,
                     *       "stamp": {
                     *         "send": true,
                     *         "status": "Accepted",
                     *         "uuid": "C555AC50-F2E6-4213-9E5F-24B89B168EED",
                     *         "errors": null,
                     *         "observations": null
                     *       },
                     *       "mail": {
                     *         "status": "not_sent",
                     *         "observations": null,
                     *         "send": false
                     *       },
                     *       "metadata": {
                     *         "created": "2026-11-26T09:15:19.857Z",
                     *         "last_updated": "2026-11-26T09:15:19.915Z"
                     *       },
                     *       "annulled": false,
                     *       "payment_form": "17",
                     *       "invoices": [
                     *         {
                     *           "id": "ec6406ae-3d17-488b-a2db-fcdec4af9d21",
                     *           "name": "A-17-2",
                     *           "uuid": "637BD3A4-AC3D-4C4E-9E7C-3F429E06762B",
                     *           "amount": 116
                     *         }
                     *       ],
                     *       "cancellation": null
                     *     }
                     */
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        observations: string | null;
                        use: string;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: ({
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null) | null;
                        payment_form: string;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            uuid: string;
                            /** @description What the note credits on it */
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or its first request is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxPreviewCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document: {
                        /** @description Document type id of type NC (see /mx/v1/document-types?type=NC) */
                        id: number;
                    };
                    /** @description Folio; required when the document type has automatic_number false */
                    number?: number;
                    invoices: {
                        /**
                         * Format: uuid
                         * @description A stamped invoice of the customer (CfdiRelacionado, TipoRelacion 01)
                         */
                        id: string;
                    }[];
                    /** @description c_UsoCFDI; G02 (devoluciones, descuentos o bonificaciones) by default */
                    use?: string;
                    /**
                     * @description c_FormaPago of what the note gives back: 17 (Compensación) applies it to the invoices' balances; any other form is a refund
                     * @enum {string}
                     */
                    payment_form: "01" | "02" | "03" | "04" | "05" | "06" | "08" | "12" | "13" | "14" | "15" | "17" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31";
                    items: {
                        /** @description Product or service code (see /v1/products) */
                        code: string;
                        /** @description Omitted: the product's long description, else its name. Empty: stays empty. */
                        description?: string;
                        quantity: number;
                        /** @description Unit price before taxes */
                        price: number;
                        /** @description A value, or a percentage when the document type's discount_type is Percentage */
                        discount?: number;
                        warehouse?: number;
                    }[];
                    /** @description Ids of ReteIVA and ReteISR taxes */
                    retentions?: number[];
                    observations?: string;
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /** @default false */
                        send: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The credit note as it would be created; nothing stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        observations: string | null;
                        use: string;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: ({
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null) | null;
                        payment_form: string;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            uuid: string;
                            /** @description What the note credits on it */
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        observations: string | null;
                        use: string;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: ({
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null) | null;
                        payment_form: string;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            uuid: string;
                            /** @description What the note credits on it */
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxStampCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        observations: string | null;
                        use: string;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: ({
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null) | null;
                        payment_form: string;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            uuid: string;
                            /** @description What the note credits on it */
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetCreditNoteStampErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax authority's (or stamping provider's) verdict: its rule codes and messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "Draft" | "Pending" | "Accepted" | "Rejected";
                        errors: {
                            code: string;
                            message: string;
                        }[];
                        observations: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetCreditNoteXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed or stamped XML: {"base64": …}, or the XML itself with Accept: application/xml */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/xml": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxAnnulCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        observations: string | null;
                        use: string;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: ({
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null) | null;
                        payment_form: string;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            uuid: string;
                            /** @description What the note credits on it */
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCancelCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description c_MotivoCancelacion: 01 issued with errors, with relation (send substitution); 02 issued with errors, without relation; 03 operation not carried out; 04 nominative operation related to a global invoice
                     * @enum {string}
                     */
                    motive: "01" | "02" | "03" | "04";
                    /**
                     * Format: uuid
                     * @description Motive 01: the UUID (fiscal folio) of the stamped CFDI that replaces this one
                     */
                    substitution?: string;
                };
            };
        };
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        observations: string | null;
                        use: string;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: ({
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null) | null;
                        payment_form: string;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            uuid: string;
                            /** @description What the note credits on it */
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description The cancellation was asked for and waits for the SAT or the receiver; ask again to learn its outcome */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /** Format: date */
                        date: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        observations: string | null;
                        use: string;
                        items: {
                            code: string;
                            description: string;
                            quantity: number;
                            price: number;
                            discount: number;
                            warehouse: number | null;
                            sat_product_key: string;
                            sat_unit_key: string;
                            subtotal: number;
                            discount_value: number;
                            taxes: {
                                id: number;
                                name?: string | null;
                                type: string;
                                percentage: number;
                                value: number;
                                base_value: number;
                            }[];
                            total: number;
                        }[];
                        retentions: number[];
                        retention_details: {
                            id: number;
                            name?: string | null;
                            type: string;
                            percentage: number;
                            value: number;
                            base_value: number;
                        }[];
                        subtotal: number;
                        discounts: number;
                        taxes_total: number;
                        withholdings_total: number;
                        /**
                         * @deprecated
                         * @description The same figure as withholdings_total
                         */
                        retentions_total: number;
                        total: number;
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: ({
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null) | null;
                        payment_form: string;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            uuid: string;
                            /** @description What the note credits on it */
                            amount: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListPayments: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                document_id?: number;
                customer_identification?: string;
                customer_branch_office?: number;
                name?: string;
                /** @description Documents dated on or after this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Documents dated on or before this day (a date-time counts by the date written in it). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
                /** @description Created at or after (a date: from the start of that day in the company's time zone). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_start?: string;
                /** @description Created at or before (a date: up to the end of that day). A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                created_end?: string;
                /** @description Last updated at or after. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_start?: string;
                /** @description Last updated at or before. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                updated_end?: string;
                /** @description The id of a document of this list (usually the last of the page read): the page starts right after it, in the list's order, and `page` counts pages from there. Deep pages cost what the first one does */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            id: string | null;
                            document: {
                                id: number;
                                name: string;
                            };
                            prefix: string;
                            number: number | null;
                            name: string | null;
                            /**
                             * Format: date
                             * @description The day the receipt was issued
                             */
                            date: string;
                            /** Format: date-time */
                            paid_at: string;
                            customer: {
                                rfc_id: string;
                                branch_office: number;
                                name: string;
                            };
                            payment_form: string;
                            currency: {
                                code: string;
                                exchange_rate: number;
                            };
                            amount: number;
                            operation_number: string | null;
                            observations: string | null;
                            invoices: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @description The invoice's Serie */
                                prefix: string;
                                /** @description The invoice's Folio */
                                number: number;
                                /** @description The invoice's fiscal folio (IdDocumento) */
                                uuid: string;
                                currency: string;
                                /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                                equivalence: number;
                                /** @description NumParcialidad: 1 for the invoice's first payment */
                                installment: number;
                                /** @description ImpSaldoAnt */
                                previous_balance: number;
                                /** @description ImpPagado, in the invoice's currency */
                                amount_paid: number;
                                /** @description ImpSaldoInsoluto */
                                balance_left: number;
                                /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                                tax_object: string;
                                taxes: {
                                    type: string;
                                    percentage: number;
                                    base_value: number;
                                    value: number;
                                }[];
                                withholdings: {
                                    type: string;
                                    percentage: number;
                                    base_value: number;
                                    value: number;
                                }[];
                            }[];
                            totals: {
                                withholdings_iva: number;
                                withholdings_isr: number;
                                withholdings_ieps: number;
                                /** @description IVA per rate, in pesos */
                                transferred: {
                                    percentage: number;
                                    base_value: number;
                                    value: number;
                                }[];
                                /** @description MontoTotalPagos, in pesos */
                                payments_total: number;
                            };
                            stamp: {
                                send: boolean;
                                status: "Draft" | "Pending" | "Accepted" | "Rejected";
                                uuid: string | null;
                                errors: string | null;
                                observations: string | null;
                            };
                            mail: {
                                send?: boolean;
                                status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                                observations: string | null;
                            };
                            metadata: {
                                /** Format: date-time */
                                created: string;
                                /** Format: date-time */
                                last_updated: string;
                                stock_updated?: null;
                            };
                            annulled: boolean;
                            cancellation?: {
                                status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                                /** @description c_MotivoCancelacion: 01–04 */
                                motive: string;
                                substitution: string | null;
                                /** Format: date-time */
                                requested_at: string;
                                errors: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCreatePayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–64 letters, digits or hyphens: a retry with the same key and body answers the first result */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "document": {
                 *         "id": 23
                 *       },
                 *       "date": "2026-11-26T09:14:19.661Z",
                 *       "customer": {
                 *         "rfc_id": "XIA190128J61",
                 *         "branch_office": 0
                 *       },
                 *       "payment_form": "03",
                 *       "amount": 5800,
                 *       "operation_number": "SPEI-778812",
                 *       "invoices": [
                 *         {
                 *           "id": "ec6406ae-3d17-488b-a2db-fcdec4af9d21",
                 *           "amount": 5800
                 *         }
                 *       ],
                 *       "stamp": {
                 *         "send": true
                 *       }
                 *     }
                 */
                "application/json": {
                    document: {
                        /** @description Document type id of type P (see /mx/v1/document-types?type=P) */
                        id: number;
                    };
                    /** @description Folio; required when the document type has automatic_number false */
                    number?: number;
                    /**
                     * Format: date-time
                     * @description When the customer paid (FechaPago): not in the future
                     */
                    date: string;
                    customer: {
                        /** @description RFC of the customer whose invoices are paid */
                        rfc_id: string;
                        /** @default 0 */
                        branch_office: number;
                    };
                    /**
                     * @description c_FormaPago of the payment (never 99, Por definir)
                     * @enum {string}
                     */
                    payment_form: "01" | "02" | "03" | "04" | "05" | "06" | "08" | "12" | "13" | "14" | "15" | "17" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31";
                    currency?: {
                        /** @description MXN (the default) or an enabled foreign currency of the company */
                        code: string;
                        /** @description Pesos per unit of the currency (TipoCambioP); omitted: the rate configured for the payment day */
                        exchange_rate?: number;
                    };
                    /** @description What the customer paid, in the payment currency (Monto): the sum of invoices[].amount */
                    amount: number;
                    /** @description The bank's operation number (NumOperacion) */
                    operation_number?: string;
                    invoices: {
                        /**
                         * Format: uuid
                         * @description A stamped PPD invoice of the customer with a balance
                         */
                        id: string;
                        /** @description What is paid on it, in the payment currency: at most what it still owes */
                        amount: number;
                    }[];
                    observations?: string;
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /**
                         * @description E-mail the receipt (PDF and XML) to the customer's contacts, once stamped when it is sent to stamp
                         * @default false
                         */
                        send: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The payment created (or, with a repeated Idempotency-Key, the first answer, with Idempotent-Replayed: true) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "855bfecb-8608-4c8d-94fd-b23ff9b8f274",
                     *       "document": {
                     *         "id": 23,
                     *         "name": "Recibo electrónico de pago"
                     *       },
                     *       "prefix": "REP",
                     *       "number": 1,
                     *       "name": "REP-23-1",
                     *       "date": "2026-11-26",
                     *       "paid_at": "2026-11-26T09:14:19.661Z",
                     *       "customer": {
                     *         "rfc_id": "XIA190128J61",
                     *         "branch_office": 0,
                     *         "name": "XENON INDUSTRIAL ARTICLES"
                     *       },
                     *       "payment_form": "03",
                     *       "currency": {
                     *         "code": "MXN",
                     *         "exchange_rate": 1
                     *       },
                     *       "amount": 5800,
                     *       "operation_number": "SPEI-778812",
                     *       "observations": null,
                     *       "invoices": [
                     *         {
                     *           "id": "ec6406ae-3d17-488b-a2db-fcdec4af9d21",
                     *           "name": "A-17-2",
                     *           "prefix": "A",
                     *           "number": 2,
                     *           "uuid": "637BD3A4-AC3D-4C4E-9E7C-3F429E06762B",
                     *           "currency": "MXN",
                     *           "equivalence": 1,
                     *           "installment": 1,
                     *           "previous_balance": 11600,
                     *           "amount_paid": 5800,
                     *           "balance_left": 5800,
                     *           "tax_object": "02",
                     *           "taxes": [
                     *             {
                     *               "type": "IVA",
                     *               "percentage": 16,
                     *               "base_value": 5000,
                     *               "value": 800
                     *             }
                     *           ],
                     *           "withholdings": []
                     *         }
                     *       ],
                     *       "totals": {
                     *         "withholdings_iva": 0,
                     *         "withholdings_isr": 0,
                     *         "withholdings_ieps": 0,
                     *         "transferred": [
                     *           {
                     *             "percentage": 16,
                     *             "base_value": 5000,
                     *             "value": 800
                     *           }
                     *         ],
                     *         "payments_total": 5800
                     *       },
                     *       "stamp": {
                     *         "send": true,
                     *         "status": "Accepted",
                     *         "uuid": "F2D78456-9B33-4EE3-82CB-5CC0B9D22CEA",
                     *         "errors": null,
                     *         "observations": null
                     *       },
                     *       "mail": {
                     *         "status": "not_sent",
                     *         "observations": null,
                     *         "send": false
                     *       },
                     *       "metadata": {
                     *         "created": "2026-11-26T09:15:19.686Z",
                     *         "last_updated": "2026-11-26T09:15:19.750Z"
                     *       },
                     *       "annulled": false,
                     *       "cancellation": null
                     *     }
                     */
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /**
                         * Format: date
                         * @description The day the receipt was issued
                         */
                        date: string;
                        /** Format: date-time */
                        paid_at: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        payment_form: string;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        amount: number;
                        operation_number: string | null;
                        observations: string | null;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The invoice's Serie */
                            prefix: string;
                            /** @description The invoice's Folio */
                            number: number;
                            /** @description The invoice's fiscal folio (IdDocumento) */
                            uuid: string;
                            currency: string;
                            /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                            equivalence: number;
                            /** @description NumParcialidad: 1 for the invoice's first payment */
                            installment: number;
                            /** @description ImpSaldoAnt */
                            previous_balance: number;
                            /** @description ImpPagado, in the invoice's currency */
                            amount_paid: number;
                            /** @description ImpSaldoInsoluto */
                            balance_left: number;
                            /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                            tax_object: string;
                            taxes: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            withholdings: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                        }[];
                        totals: {
                            withholdings_iva: number;
                            withholdings_isr: number;
                            withholdings_ieps: number;
                            /** @description IVA per rate, in pesos */
                            transferred: {
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            /** @description MontoTotalPagos, in pesos */
                            payments_total: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The Idempotency-Key was used with another body, or its first request is still running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxPreviewPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document: {
                        /** @description Document type id of type P (see /mx/v1/document-types?type=P) */
                        id: number;
                    };
                    /** @description Folio; required when the document type has automatic_number false */
                    number?: number;
                    /**
                     * Format: date-time
                     * @description When the customer paid (FechaPago): not in the future
                     */
                    date: string;
                    customer: {
                        /** @description RFC of the customer whose invoices are paid */
                        rfc_id: string;
                        /** @default 0 */
                        branch_office: number;
                    };
                    /**
                     * @description c_FormaPago of the payment (never 99, Por definir)
                     * @enum {string}
                     */
                    payment_form: "01" | "02" | "03" | "04" | "05" | "06" | "08" | "12" | "13" | "14" | "15" | "17" | "23" | "24" | "25" | "26" | "27" | "28" | "29" | "30" | "31";
                    currency?: {
                        /** @description MXN (the default) or an enabled foreign currency of the company */
                        code: string;
                        /** @description Pesos per unit of the currency (TipoCambioP); omitted: the rate configured for the payment day */
                        exchange_rate?: number;
                    };
                    /** @description What the customer paid, in the payment currency (Monto): the sum of invoices[].amount */
                    amount: number;
                    /** @description The bank's operation number (NumOperacion) */
                    operation_number?: string;
                    invoices: {
                        /**
                         * Format: uuid
                         * @description A stamped PPD invoice of the customer with a balance
                         */
                        id: string;
                        /** @description What is paid on it, in the payment currency: at most what it still owes */
                        amount: number;
                    }[];
                    observations?: string;
                    stamp?: {
                        /** @default false */
                        send: boolean;
                    };
                    mail?: {
                        /**
                         * @description E-mail the receipt (PDF and XML) to the customer's contacts, once stamped when it is sent to stamp
                         * @default false
                         */
                        send: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description The payment as it would be created; nothing stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /**
                         * Format: date
                         * @description The day the receipt was issued
                         */
                        date: string;
                        /** Format: date-time */
                        paid_at: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        payment_form: string;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        amount: number;
                        operation_number: string | null;
                        observations: string | null;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The invoice's Serie */
                            prefix: string;
                            /** @description The invoice's Folio */
                            number: number;
                            /** @description The invoice's fiscal folio (IdDocumento) */
                            uuid: string;
                            currency: string;
                            /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                            equivalence: number;
                            /** @description NumParcialidad: 1 for the invoice's first payment */
                            installment: number;
                            /** @description ImpSaldoAnt */
                            previous_balance: number;
                            /** @description ImpPagado, in the invoice's currency */
                            amount_paid: number;
                            /** @description ImpSaldoInsoluto */
                            balance_left: number;
                            /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                            tax_object: string;
                            taxes: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            withholdings: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                        }[];
                        totals: {
                            withholdings_iva: number;
                            withholdings_isr: number;
                            withholdings_ieps: number;
                            /** @description IVA per rate, in pesos */
                            transferred: {
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            /** @description MontoTotalPagos, in pesos */
                            payments_total: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /**
                         * Format: date
                         * @description The day the receipt was issued
                         */
                        date: string;
                        /** Format: date-time */
                        paid_at: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        payment_form: string;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        amount: number;
                        operation_number: string | null;
                        observations: string | null;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The invoice's Serie */
                            prefix: string;
                            /** @description The invoice's Folio */
                            number: number;
                            /** @description The invoice's fiscal folio (IdDocumento) */
                            uuid: string;
                            currency: string;
                            /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                            equivalence: number;
                            /** @description NumParcialidad: 1 for the invoice's first payment */
                            installment: number;
                            /** @description ImpSaldoAnt */
                            previous_balance: number;
                            /** @description ImpPagado, in the invoice's currency */
                            amount_paid: number;
                            /** @description ImpSaldoInsoluto */
                            balance_left: number;
                            /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                            tax_object: string;
                            taxes: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            withholdings: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                        }[];
                        totals: {
                            withholdings_iva: number;
                            withholdings_isr: number;
                            withholdings_ieps: number;
                            /** @description IVA per rate, in pesos */
                            transferred: {
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            /** @description MontoTotalPagos, in pesos */
                            payments_total: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxStampPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /**
                         * Format: date
                         * @description The day the receipt was issued
                         */
                        date: string;
                        /** Format: date-time */
                        paid_at: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        payment_form: string;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        amount: number;
                        operation_number: string | null;
                        observations: string | null;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The invoice's Serie */
                            prefix: string;
                            /** @description The invoice's Folio */
                            number: number;
                            /** @description The invoice's fiscal folio (IdDocumento) */
                            uuid: string;
                            currency: string;
                            /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                            equivalence: number;
                            /** @description NumParcialidad: 1 for the invoice's first payment */
                            installment: number;
                            /** @description ImpSaldoAnt */
                            previous_balance: number;
                            /** @description ImpPagado, in the invoice's currency */
                            amount_paid: number;
                            /** @description ImpSaldoInsoluto */
                            balance_left: number;
                            /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                            tax_object: string;
                            taxes: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            withholdings: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                        }[];
                        totals: {
                            withholdings_iva: number;
                            withholdings_isr: number;
                            withholdings_ieps: number;
                            /** @description IVA per rate, in pesos */
                            transferred: {
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            /** @description MontoTotalPagos, in pesos */
                            payments_total: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetPaymentStampErrors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tax authority's (or stamping provider's) verdict: its rule codes and messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: "Draft" | "Pending" | "Accepted" | "Rejected";
                        errors: {
                            code: string;
                            message: string;
                        }[];
                        observations: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetPaymentXml: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed or stamped XML: {"base64": …}, or the XML itself with Accept: application/xml */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/xml": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCancelPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description c_MotivoCancelacion: 01 issued with errors, with relation (send substitution); 02 issued with errors, without relation; 03 operation not carried out; 04 nominative operation related to a global invoice
                     * @enum {string}
                     */
                    motive: "01" | "02" | "03" | "04";
                    /**
                     * Format: uuid
                     * @description Motive 01: the UUID (fiscal folio) of the stamped CFDI that replaces this one
                     */
                    substitution?: string;
                };
            };
        };
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /**
                         * Format: date
                         * @description The day the receipt was issued
                         */
                        date: string;
                        /** Format: date-time */
                        paid_at: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        payment_form: string;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        amount: number;
                        operation_number: string | null;
                        observations: string | null;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The invoice's Serie */
                            prefix: string;
                            /** @description The invoice's Folio */
                            number: number;
                            /** @description The invoice's fiscal folio (IdDocumento) */
                            uuid: string;
                            currency: string;
                            /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                            equivalence: number;
                            /** @description NumParcialidad: 1 for the invoice's first payment */
                            installment: number;
                            /** @description ImpSaldoAnt */
                            previous_balance: number;
                            /** @description ImpPagado, in the invoice's currency */
                            amount_paid: number;
                            /** @description ImpSaldoInsoluto */
                            balance_left: number;
                            /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                            tax_object: string;
                            taxes: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            withholdings: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                        }[];
                        totals: {
                            withholdings_iva: number;
                            withholdings_isr: number;
                            withholdings_ieps: number;
                            /** @description IVA per rate, in pesos */
                            transferred: {
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            /** @description MontoTotalPagos, in pesos */
                            payments_total: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The cancellation was asked for and waits for the SAT or the receiver; ask again to learn its outcome */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /**
                         * Format: date
                         * @description The day the receipt was issued
                         */
                        date: string;
                        /** Format: date-time */
                        paid_at: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        payment_form: string;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        amount: number;
                        operation_number: string | null;
                        observations: string | null;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The invoice's Serie */
                            prefix: string;
                            /** @description The invoice's Folio */
                            number: number;
                            /** @description The invoice's fiscal folio (IdDocumento) */
                            uuid: string;
                            currency: string;
                            /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                            equivalence: number;
                            /** @description NumParcialidad: 1 for the invoice's first payment */
                            installment: number;
                            /** @description ImpSaldoAnt */
                            previous_balance: number;
                            /** @description ImpPagado, in the invoice's currency */
                            amount_paid: number;
                            /** @description ImpSaldoInsoluto */
                            balance_left: number;
                            /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                            tax_object: string;
                            taxes: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            withholdings: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                        }[];
                        totals: {
                            withholdings_iva: number;
                            withholdings_isr: number;
                            withholdings_ieps: number;
                            /** @description IVA per rate, in pesos */
                            transferred: {
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            /** @description MontoTotalPagos, in pesos */
                            payments_total: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxAnnulPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string | null;
                        document: {
                            id: number;
                            name: string;
                        };
                        prefix: string;
                        number: number | null;
                        name: string | null;
                        /**
                         * Format: date
                         * @description The day the receipt was issued
                         */
                        date: string;
                        /** Format: date-time */
                        paid_at: string;
                        customer: {
                            rfc_id: string;
                            branch_office: number;
                            name: string;
                        };
                        payment_form: string;
                        currency: {
                            code: string;
                            exchange_rate: number;
                        };
                        amount: number;
                        operation_number: string | null;
                        observations: string | null;
                        invoices: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The invoice's Serie */
                            prefix: string;
                            /** @description The invoice's Folio */
                            number: number;
                            /** @description The invoice's fiscal folio (IdDocumento) */
                            uuid: string;
                            currency: string;
                            /** @description Units of the invoice's currency per unit of the payment's (EquivalenciaDR) */
                            equivalence: number;
                            /** @description NumParcialidad: 1 for the invoice's first payment */
                            installment: number;
                            /** @description ImpSaldoAnt */
                            previous_balance: number;
                            /** @description ImpPagado, in the invoice's currency */
                            amount_paid: number;
                            /** @description ImpSaldoInsoluto */
                            balance_left: number;
                            /** @description ObjetoImpDR: 02 when the invoice carries taxes */
                            tax_object: string;
                            taxes: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            withholdings: {
                                type: string;
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                        }[];
                        totals: {
                            withholdings_iva: number;
                            withholdings_isr: number;
                            withholdings_ieps: number;
                            /** @description IVA per rate, in pesos */
                            transferred: {
                                percentage: number;
                                base_value: number;
                                value: number;
                            }[];
                            /** @description MontoTotalPagos, in pesos */
                            payments_total: number;
                        };
                        stamp: {
                            send: boolean;
                            status: "Draft" | "Pending" | "Accepted" | "Rejected";
                            uuid: string | null;
                            errors: string | null;
                            observations: string | null;
                        };
                        mail: {
                            send?: boolean;
                            status: "not_sent" | "pending_send" | "process_of_sending" | "sent" | "failed_delivery";
                            observations: string | null;
                        };
                        metadata: {
                            /** Format: date-time */
                            created: string;
                            /** Format: date-time */
                            last_updated: string;
                            stock_updated?: null;
                        };
                        annulled: boolean;
                        cancellation?: {
                            status: "Requested" | "PendingAcceptance" | "Cancelled" | "Rejected";
                            /** @description c_MotivoCancelacion: 01–04 */
                            motive: string;
                            substitution: string | null;
                            /** Format: date-time */
                            requested_at: string;
                            errors: string | null;
                        } | null;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetTrialBalance: {
        parameters: {
            query?: {
                /** @description First day of the period; omitted: from the first entry. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_start?: string;
                /** @description Last day of the period; omitted: up to the last entry. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date_end?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        date_start: string | null;
                        date_end: string | null;
                        accounts: {
                            code: string;
                            name: string | null;
                            nature: string | null;
                            opening_balance: number;
                            debits: number;
                            credits: number;
                            closing_balance: number;
                        }[];
                        totals: {
                            opening_balance: number;
                            debits: number;
                            credits: number;
                            closing_balance: number;
                        };
                        /** @description Debits equal credits and the balances add up to 0 */
                        balanced: boolean;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetAccountsReceivable: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
                /** @description The day the receivables are aged at; omitted: today in the company's time zone. A date yyyy-MM-dd or an ISO date-time such as 2024-01-31T05:00:00.000Z */
                date?: string;
                customer_identification?: string;
                customer_branch_office?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date */
                        date: string;
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        customers: {
                            customer: {
                                id: string;
                                identification: string;
                                branch_office: number;
                                name: string;
                            };
                            currency: string;
                            items: {
                                invoice: {
                                    /** Format: uuid */
                                    id: string;
                                    name: string;
                                    /** Format: date */
                                    date: string;
                                };
                                due: {
                                    prefix: string;
                                    consecutive: number;
                                    quote: number;
                                    /** Format: date */
                                    date: string;
                                };
                                amount: number;
                                paid: number;
                                balance: number;
                                days_past_due: number;
                                /** @enum {string} */
                                bucket: "current" | "days_1_30" | "days_31_60" | "days_61_90" | "days_over_90";
                            }[];
                            totals: {
                                current: number;
                                days_1_30: number;
                                days_31_60: number;
                                days_61_90: number;
                                days_over_90: number;
                                total: number;
                            };
                        }[];
                        /** @description Per currency, of the whole report (or of the customer filter) */
                        totals: {
                            currency: string;
                            current: number;
                            days_1_30: number;
                            days_31_60: number;
                            days_61_90: number;
                            days_over_90: number;
                            total: number;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxMailInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Addresses separated by ";" (at most 5); default: the customer's contact e-mails */
                    mail_to?: string;
                    /** @description Copies, separated by ";" (at most 5) */
                    copy_to?: string;
                };
            };
        };
        responses: {
            /** @description The e-mail was queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        mail_to: string[] | null;
                        copy_to: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invoice id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: {"base64": …}, or the file itself with Accept: application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxMailCreditNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Addresses separated by ";" (at most 5); default: the customer's contact e-mails */
                    mail_to?: string;
                    /** @description Copies, separated by ";" (at most 5) */
                    copy_to?: string;
                };
            };
        };
        responses: {
            /** @description The e-mail was queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        mail_to: string[] | null;
                        copy_to: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetCreditNotePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Credit note id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: {"base64": …}, or the file itself with Accept: application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxMailPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Addresses separated by ";" (at most 5); default: the customer's contact e-mails */
                    mail_to?: string;
                    /** @description Copies, separated by ";" (at most 5) */
                    copy_to?: string;
                };
            };
        };
        responses: {
            /** @description The e-mail was queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        status: string;
                        mail_to: string[] | null;
                        copy_to: string[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetPaymentPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payment receipt id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF: {"base64": …}, or the file itself with Accept: application/pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        base64: string;
                    };
                    "application/pdf": string;
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxListWebhooks: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            /** Format: uuid */
                            id: string;
                            url: string;
                            events: string[];
                            description: string | null;
                            active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The key of Webhook-Signature (HMAC-SHA256); answered only by the creation */
                            secret?: string;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxCreateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://erp.example.mx/hooks/facturas",
                 *       "events": [
                 *         "invoice.stamp_accepted",
                 *         "invoice.stamp_rejected"
                 *       ],
                 *       "description": "ERP"
                 *     }
                 */
                "application/json": {
                    /** @description Where events are POSTed: https:// (or http://) on a public address */
                    url: string;
                    /** @description Event types (<document>.<event>), or "*" for every one: *, invoice.created, invoice.annulled, invoice.deleted, invoice.stamp_accepted, invoice.stamp_rejected, invoice.cancellation_pending, invoice.cancelled, invoice.mail_sent, invoice.mail_failed, credit_note.created, credit_note.annulled, credit_note.deleted, credit_note.stamp_accepted, credit_note.stamp_rejected, credit_note.cancellation_pending, credit_note.cancelled, credit_note.mail_sent, credit_note.mail_failed, debit_note.created, debit_note.annulled, debit_note.deleted, debit_note.stamp_accepted, debit_note.stamp_rejected, debit_note.cancellation_pending, debit_note.cancelled, debit_note.mail_sent, debit_note.mail_failed, voucher.created, voucher.annulled, voucher.deleted, voucher.stamp_accepted, voucher.stamp_rejected, voucher.cancellation_pending, voucher.cancelled, voucher.mail_sent, voucher.mail_failed, payment.created, payment.annulled, payment.deleted, payment.stamp_accepted, payment.stamp_rejected, payment.cancellation_pending, payment.cancelled, payment.mail_sent, payment.mail_failed */
                    events: string[];
                    description?: string;
                    /** @default true */
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description The answer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "e61bc522-ddcd-4cbc-8fa7-bb39dfc2ade4",
                     *       "url": "https://erp.example.mx/hooks/facturas",
                     *       "events": [
                     *         "invoice.stamp_accepted",
                     *         "invoice.stamp_rejected"
                     *       ],
                     *       "description": "ERP",
                     *       "active": true,
                     *       "created_at": "2026-11-26T09:15:20.021Z",
                     *       "secret": "whsec_NbHwLg_B4zBk0-i-g2AIpbiD3Ld2cfpl"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        url: string;
                        events: string[];
                        description: string | null;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** @description The key of Webhook-Signature (HMAC-SHA256); answered only by the creation */
                        secret?: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than BODY_LIMIT_BYTES */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        url: string;
                        events: string[];
                        description: string | null;
                        active: boolean;
                        /** Format: date-time */
                        created_at: string;
                        /** @description The key of Webhook-Signature (HMAC-SHA256); answered only by the creation */
                        secret?: string;
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxDeleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxGetWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page number, from 1 */
                page?: number;
                /** @description Results per page, at most 100 */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pagination: {
                            page: number;
                            page_size: number;
                            total_results: number;
                        };
                        results: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            event_id: string;
                            type: string;
                            document_id: string;
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            response_status: number | null;
                            last_error: string | null;
                            /** Format: date-time */
                            created_at: string;
                            last_attempt_at: string | null;
                            delivered_at: string | null;
                        }[];
                    };
                };
            };
            /** @description The request breaks a rule: every problem with the path of its field (Errors[].Params) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    mxRetryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id */
                id: string;
                /** @description Delivery id */
                delivery: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        event_id: string;
                        type: string;
                        document_id: string;
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        response_status: number | null;
                        last_error: string | null;
                        /** Format: date-time */
                        created_at: string;
                        last_attempt_at: string | null;
                        delivered_at: string | null;
                    };
                };
            };
            /** @description No valid access token (Authorization: Bearer …) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The token is for the other base address (a Colombian token on {base_url_mx}, or the reverse) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such record in the token's company */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Too many requests (RATE_LIMIT_PER_MINUTE) or login attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The database is busy; nothing was saved: send it again (with the same Idempotency-Key); see Retry-After */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
