-- Colombia's electronic POS ticket (documento equivalente electrónico del tiquete de máquina registradora con sistema
-- P.O.S., Resolución DIAN 000165 of 2023): an invoice (FV) type whose electronic_type is PosEquivalentDocument, numbered
-- on its own DIAN resolution (never the invoices' range) and sent as a UBL Invoice with InvoiceTypeCode 20 and a CUDE.
ALTER TABLE document_types DROP CONSTRAINT IF EXISTS document_types_electronic_type_check;
ALTER TABLE document_types ADD CONSTRAINT document_types_electronic_type_check
  CHECK (electronic_type IN ('NoElectronic', 'ElectronicInvoice', 'PosEquivalentDocument'));
