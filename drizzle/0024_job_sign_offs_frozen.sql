-- A homeowner's sign-off never changes (only its staff member is cleared when their account is
-- deleted), and once a job is signed off its completion record never changes either
-- (docs/decisions/0217-homeowner-sign-off.md).
CREATE OR REPLACE FUNCTION job_sign_off_unchangeable() RETURNS trigger AS $$
BEGIN
  IF NEW.id IS NOT DISTINCT FROM OLD.id
    AND NEW.job_id IS NOT DISTINCT FROM OLD.job_id
    AND NEW.kind IS NOT DISTINCT FROM OLD.kind
    AND NEW.via IS NOT DISTINCT FROM OLD.via
    AND NEW.signer_name IS NOT DISTINCT FROM OLD.signer_name
    AND NEW.signature_png IS NOT DISTINCT FROM OLD.signature_png
    AND NEW.consent_text IS NOT DISTINCT FROM OLD.consent_text
    AND NEW.record_sha256 IS NOT DISTINCT FROM OLD.record_sha256
    AND NEW.comment IS NOT DISTINCT FROM OLD.comment
    AND NEW.client_ip IS NOT DISTINCT FROM OLD.client_ip
    AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
    AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at
    AND NEW.recorded_by IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'job sign-off % is a signed record and can never change', OLD.id
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER job_sign_offs_unchangeable
  BEFORE UPDATE ON job_sign_offs
  FOR EACH ROW EXECUTE FUNCTION job_sign_off_unchangeable();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_record_signed_frozen() RETURNS trigger AS $$
BEGIN
  IF (NEW.data IS DISTINCT FROM OLD.data OR NEW.job_id IS DISTINCT FROM OLD.job_id)
    AND EXISTS (
      SELECT 1 FROM job_sign_offs s WHERE s.job_id = OLD.job_id AND s.kind = 'signed'
    ) THEN
    RAISE EXCEPTION 'the completion record of job % was signed off and can never change', OLD.job_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER job_records_signed_frozen
  BEFORE UPDATE ON job_records
  FOR EACH ROW EXECUTE FUNCTION job_record_signed_frozen();
