package validate

// The array family's per-item rule: which subschema of a schema applies
// to an item, and whether the item counts as evaluated, written once and
// used by the whole-value evaluation (evalArray) and by the stream
// (itemChecks, itemEvaluated, valueSchemas).

// itemSchema returns the schema n applies to item i (its prefixItems
// entry, else items or additionalItems), or nil.
func itemSchema(n *node, i int) *node {
	if i < len(n.prefixItems) {
		return n.prefixItems[i]
	}
	return n.items
}

// itemRefused reports whether sub, the schema n applies to item i, is
// items (additionalItems): false, which refuses every item past
// prefixItems: the array is reported once, with its length.
func itemRefused(n *node, i int, sub *node) bool {
	return sub.boolean == 2 && i >= len(n.prefixItems)
}

// itemEvaluates reports whether n evaluates item i (for
// unevaluatedItems) by prefixItems or items. Like a collecting
// whole-value evaluation, which stops at the first item items: false
// refuses, only that first refused item counts.
func itemEvaluates(n *node, i int) bool {
	sub := itemSchema(n, i)
	return sub != nil && (!itemRefused(n, i, sub) || i == len(n.prefixItems))
}
