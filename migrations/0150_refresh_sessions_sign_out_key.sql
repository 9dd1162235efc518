-- A sign-out made offline is sent later, maybe when another person is signed in on the device:
-- it must name the session it ends and prove it may end it, never rely on whichever refresh
-- cookie the browser holds by then (issue 24). Each sign-in (family) gets a secret sign-out key;
-- only its SHA-256 is kept here, copied onto every rotated row of the family. Older sessions
-- have none and can still be ended by their cookie.
ALTER TABLE refresh_sessions ADD COLUMN sign_out_hash TEXT;
