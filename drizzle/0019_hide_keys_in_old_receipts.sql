-- Receipts and "key replaced" mails written before their secrets moved into slots
-- (server/features/store/receipt-mail.ts, server/features/customers/new-key-mail.ts) kept the licence
-- key and the order's access token in their stored bodies, readable by every admin in the Outbox.
-- This masks both in those older rows, sent or not; new rows never hold them.
UPDATE "mail_outbox"
SET "html" = regexp_replace(regexp_replace("html", 'ONI(-[0-9A-Z]{5}){6}', '[hidden]', 'g'), '([?&](amp;)?token=)[^&"''<>[:space:]]+', '\1[hidden]', 'g'),
    "text_body" = regexp_replace(regexp_replace("text_body", 'ONI(-[0-9A-Z]{5}){6}', '[hidden]', 'g'), '([?&]token=)[^&"''<>[:space:]]+', '\1[hidden]', 'g')
WHERE "kind" IN ('receipt', 'licence-key-replaced');
