ALTER TABLE "companies" ADD COLUMN "label_printer" text;--> statement-breakpoint
ALTER TABLE "pickup_addresses" ADD COLUMN "label_printer" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_label_printer_check" CHECK ("companies"."label_printer" in ('office', 'pdf-a6', 'pdf-100x150', 'zpl-203', 'zpl-300'));--> statement-breakpoint
ALTER TABLE "pickup_addresses" ADD CONSTRAINT "pickup_addresses_label_printer_check" CHECK ("pickup_addresses"."label_printer" in ('office', 'pdf-a6', 'pdf-100x150', 'zpl-203', 'zpl-300'));