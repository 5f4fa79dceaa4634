-- A source upload whose compile outlasts the request's wait is answered with its compile's page
-- (/me/compiles/{id}, /api/compiles/{id}); the upload goes on in the background and stores the
-- bot when the module is built. What kept a built module from becoming a bot (the module's own
-- checks, the name taken meanwhile), in one sentence, for that page.
ALTER TABLE compiles ADD COLUMN upload_error TEXT;
