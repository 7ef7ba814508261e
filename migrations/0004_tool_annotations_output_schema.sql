ALTER TABLE `tools` ADD `output_schema` text;--> statement-breakpoint
ALTER TABLE `tools` ADD `annotations` text;