-- Hand SQL: whatsapp_take_send_slot (0059) commits without waiting for the write-ahead log's flush
-- (platform/message-providers/whatsapp-limits.ts; docs/architecture.md "Jobs").
CREATE OR REPLACE FUNCTION whatsapp_take_send_slot(number text, allowed integer, margin_ms integer) RETURNS double precision
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  latest timestamptz;
  oldest timestamptz;
  reserved integer;
  slot timestamptz;
BEGIN
  -- The call's own transaction commits without waiting for the log's flush: the number's lock is
  -- held to the end of that transaction, so every send of a burst waited for each other's flush.
  -- A slot lost in a crash only lets one send go a little sooner.
  PERFORM set_config('synchronous_commit', 'off', true);
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
