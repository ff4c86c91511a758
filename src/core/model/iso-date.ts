const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO 8601 date, or a date and time with a zone (a time without a zone would depend on the reader's clock). */
export function isIsoDate(value: string): boolean {
	return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));
}

export const ISO_DATE_HINT =
	'an ISO 8601 date such as "2025-03-01" or a date and time with a zone such as "2025-03-01T09:30:00Z"';
