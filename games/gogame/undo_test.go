package gogame

import (
	"reflect"
	"testing"
)

// hasPointers reports whether a value of type t holds a pointer that the
// garbage collector must follow.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.String, reflect.Interface, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	}
	return false
}

// TestUndoStackNoPointers: the undo stack (the frames, the log of changed
// cells, the log of captures) holds no pointers, so that on a main line of
// 10^6 moves the garbage collector never scans it (issue 14: "no
// GC-visible pointers in it").
func TestUndoStackNoPointers(t *testing.T) {
	var b Board
	for name, typ := range map[string]reflect.Type{
		"frames": reflect.TypeOf(b.frames).Elem(),
		"log":    reflect.TypeOf(b.log).Elem(),
		"capLog": reflect.TypeOf(b.capLog).Elem(),
	} {
		if hasPointers(typ) {
			t.Errorf("the elements of Board.%s (%v) hold pointers", name, typ)
		}
	}
	if !hasPointers(reflect.TypeOf(struct{ s []int32 }{})) || hasPointers(reflect.TypeOf([2]int32{})) {
		t.Fatal("hasPointers is wrong")
	}
}
