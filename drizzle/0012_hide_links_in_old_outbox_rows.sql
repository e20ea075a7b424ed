-- Mails written before 0010 carried their one-time links (password reset, invitation) in the stored
-- bodies, readable by every admin in the Outbox. New mails keep such secrets apart
-- (server/features/mail/mail-secrets.ts); this masks the links left in older rows, sent or not.
UPDATE "mail_outbox"
SET "html" = regexp_replace("html", '#token=[A-Za-z0-9_-]+', '#token=[hidden]', 'g'),
    "text_body" = regexp_replace("text_body", '#token=[A-Za-z0-9_-]+', '#token=[hidden]', 'g')
WHERE "html" ~ '#token=[A-Za-z0-9_-]' OR "text_body" ~ '#token=[A-Za-z0-9_-]';
