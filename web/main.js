/*
 * main.js - picks the page: a game (its id in the address) or the start page.
 */
"use strict";
if (gameId) gamePage(); else startPage();
