-- Hand SQL: a WhatsApp number's next send slot taken in one call (platform/message-providers/whatsapp-limits.ts).
-- The number's reservations take turns (an advisory lock until the call's transaction ends), and each statement
-- of the function reads with a snapshot of its own, so it sees the slot the previous holder reserved. One round
-- trip instead of a transaction's four: the sends of a burst wait on each other's lock for that long.
CREATE OR REPLACE FUNCTION whatsapp_take_send_slot(number text, allowed integer, margin_ms integer) RETURNS double precision
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  latest timestamptz;
  oldest timestamptz;
  reserved integer;
  slot timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('whatsapp-pace:' || number));
  SELECT max(at), min(at), count(*) INTO latest, oldest, reserved
    FROM (SELECT at FROM whatsapp_send_slot WHERE phone_number_id = number ORDER BY at DESC LIMIT allowed) recent;
  slot := greatest(clock_timestamp(), latest);
  IF reserved >= allowed THEN
    slot := greatest(slot, oldest + make_interval(secs => (1000 + margin_ms) / 1000.0));
  END IF;
  INSERT INTO whatsapp_send_slot (phone_number_id, at) VALUES (number, slot);
  DELETE FROM whatsapp_send_slot WHERE phone_number_id = number AND at < clock_timestamp() - interval '10 seconds';
  RETURN extract(epoch FROM slot - clock_timestamp()) * 1000;
END
$$;
