#pragma once
// What a game's registry entry says about opening books (registry/registry.h): from which
// level its player uses one, and the build's defaults in the game's score units.
namespace oyin::book {

struct BookSettings {
  int from_level = 5;   // levels at and above this play from the book (when one is on)
  int margin = 0;       // the pick takes moves scoring within this of the best book move
  int drop_below = 0;   // a move whose checking search scores below this for the mover is dropped
  int check_depth = 8;  // plies of that search (a Monte-Carlo engine: 200 playouts a ply)
  // The computer players (the server, `oyin play`) use the shipped book: set only for a book that
  // passed its SPRT against no book (README "Opening books"); otherwise it stays opt-in.
  bool played = false;
};

}  // namespace oyin::book
