// Placeholder so the target builds while its files are written.
