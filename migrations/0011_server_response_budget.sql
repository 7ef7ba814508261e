ALTER TABLE `servers` ADD `max_response_bytes` integer;
