// The KataSpec library is being built under its own issue.
