ALTER TABLE `tools` ADD `custom_name` text;--> statement-breakpoint
ALTER TABLE `tools` ADD `custom_description` text;