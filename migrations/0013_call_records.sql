CREATE TABLE `call_records` (
	`id` text PRIMARY KEY NOT NULL,
	`server_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`at` integer NOT NULL,
	`tool` text NOT NULL,
	`caller_kind` text NOT NULL,
	`caller_id` text,
	`caller_name` text,
	`outcome` text NOT NULL,
	`upstream_status` integer,
	`gateway_ms` integer NOT NULL,
	`upstream_ms` integer,
	`request_bytes` integer NOT NULL,
	`response_bytes` integer,
	`error` text,
	`arguments` text,
	`result` text,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `call_records_server_at_idx` ON `call_records` (`server_id`,`at`);--> statement-breakpoint
CREATE INDEX `call_records_org_at_idx` ON `call_records` (`organization_id`,`at`);--> statement-breakpoint
ALTER TABLE `plans` ADD `call_log_retention_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `servers` ADD `record_payloads` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `servers` ADD `sensitive_fields` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- Call-log retention per plan (days): Free 7, Sprout 30, Growth 90.
UPDATE `plans` SET `call_log_retention_days` = CASE `type` WHEN 'sprout' THEN 30 WHEN 'growth' THEN 90 ELSE 7 END;
