/*
 * _euchre.c - the euchre package's extension: libeuchre (engine/euchre.h)
 * as Python types, Game and View (docs/library.md, "Python").
 *
 * A CPython extension rather than ctypes because of the speed it must
 * show: a decision through Python (legal_ids() and apply()) is two calls
 * of a few hundred nanoseconds here, where ctypes spends microseconds on
 * each. The engine's sources are compiled into this module, so the one
 * file imports anywhere the same Python runs (a bot's sandbox included).
 *
 * Game advances hands by itself: after the last card of a hand the next
 * is dealt, so a caller sees only decisions and the game's end. With
 * record=True it keeps every event line of the game, as the referee's
 * --log writes them after "| " (the agreement test compares the two).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "euchre.h"

typedef struct {
	PyObject_HEAD
	euchre_game *g;
	PyObject *record; /* a list of event lines, or NULL */
	int logged;       /* events of this hand already in record */
	int points[EUCHRE_MAX_SEATS]; /* each player's side's points in the last hand scored */
	struct euchre_rng rng;        /* random_move()'s and play_random()'s */
} GameObject;

typedef struct {
	PyObject_HEAD
	euchre_view *v;
	struct euchre_rng rng;
} ViewObject;

static PyTypeObject GameType, ViewType;
static PyObject *array_type; /* array.array, for observations */
static PyObject *small_ids;  /* a tuple of the ints 0 .. SMALL_IDS - 1 */
#define SMALL_IDS 1024

static PyObject *err_value(const char *msg)
{
	PyErr_SetString(PyExc_ValueError, msg);
	return NULL;
}

/* ---- Game ------------------------------------------------------------- */

/* Appends the events not yet recorded (all seen) to record, one string a line. */
static int record_events(GameObject *self)
{
	char stack[4096], *buf = stack;
	int n;

	if (!self->record)
		return 0;
	n = euchre_events_text(self->g, -1, self->logged, buf, sizeof(stack));
	if (n >= (int)sizeof(stack)) {
		buf = malloc((size_t)n + 1);
		if (!buf) {
			PyErr_NoMemory();
			return -1;
		}
		euchre_events_text(self->g, -1, self->logged, buf, (size_t)n + 1);
	}
	for (char *p = buf, *e; *p; p = e + 1) {
		PyObject *line;

		e = strchr(p, '\n');
		line = PyUnicode_FromStringAndSize(p, e - p);
		if (!line || PyList_Append(self->record, line) < 0) {
			Py_XDECREF(line);
			if (buf != stack)
				free(buf);
			return -1;
		}
		Py_DECREF(line);
	}
	if (buf != stack)
		free(buf);
	self->logged = euchre_event_count(self->g);
	return 0;
}

/* After a move: a finished hand is recorded and the next one dealt. */
static int advance(GameObject *self)
{
	if (self->record && record_events(self) < 0)
		return -1;
	if (euchre_hand_over(self->g) || euchre_game_over(self->g)) {
		for (int p = 0; p < euchre_players(self->g); p++)
			self->points[p] = euchre_hand_points(self->g, p);
	}
	if (euchre_hand_over(self->g)) {
		euchre_next_hand(self->g, NULL, 0);
		self->logged = 0;
		if (self->record && record_events(self) < 0)
			return -1;
	}
	return 0;
}

static GameObject *game_wrap(euchre_game *g)
{
	GameObject *o = PyObject_New(GameObject, &GameType);

	if (!o) {
		euchre_free(g);
		return NULL;
	}
	o->g = g;
	o->record = NULL;
	o->logged = 0;
	memset(o->points, 0, sizeof(o->points));
	euchre_rng_seed(&o->rng, 0);
	return o;
}

/* options as a dict {"target": 32} or a string "target=32,max_hands=10" */
static int options_text(PyObject *options, char *buf, size_t len)
{
	size_t at = 0;
	PyObject *key, *value;
	Py_ssize_t pos = 0;

	buf[0] = '\0';
	if (!options || options == Py_None)
		return 0;
	if (PyUnicode_Check(options)) {
		const char *s = PyUnicode_AsUTF8(options);

		if (!s)
			return -1;
		if (strlen(s) >= len) {
			PyErr_SetString(PyExc_ValueError, "options are too long");
			return -1;
		}
		memcpy(buf, s, strlen(s) + 1);
		return 0;
	}
	if (!PyDict_Check(options)) {
		PyErr_SetString(PyExc_TypeError, "options must be a dict or a string");
		return -1;
	}
	while (PyDict_Next(options, &pos, &key, &value)) {
		PyObject *ks = PyObject_Str(key), *vs;
		const char *k, *v;
		int n;

		if (!ks)
			return -1;
		if (PyBool_Check(value))
			vs = PyUnicode_FromString(value == Py_True ? "true" : "false");
		else
			vs = PyObject_Str(value);
		if (!vs) {
			Py_DECREF(ks);
			return -1;
		}
		/* NULL (a lone surrogate: no UTF-8) leaves its exception set */
		k = PyUnicode_AsUTF8(ks);
		v = k ? PyUnicode_AsUTF8(vs) : NULL;
		n = k && v ? snprintf(buf + at, len - at, "%s%s=%s", at ? "," : "", k, v) : 0;
		Py_DECREF(ks);
		Py_DECREF(vs);
		if (!k || !v)
			return -1;
		if (n < 0 || (size_t)n >= len - at) {
			PyErr_SetString(PyExc_ValueError, "options are too long");
			return -1;
		}
		at += (size_t)n;
	}
	return 0;
}

static PyObject *Game_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "variant", "seed", "options", "record", NULL };
	const char *variant;
	unsigned long long seed = 0;
	PyObject *options = NULL;
	int record = 0;
	char opts[1024], err[256];
	euchre_game *g;
	GameObject *self;

	(void)type;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "s|KOp", kwlist, &variant, &seed, &options,
					 &record))
		return NULL;
	if (options_text(options, opts, sizeof(opts)) < 0)
		return NULL;
	g = euchre_new(variant, opts, seed, err, sizeof(err));
	if (!g)
		return err_value(err);
	self = game_wrap(g);
	if (self && record) {
		self->record = PyList_New(0);
		if (!self->record || record_events(self) < 0) {
			Py_DECREF(self);
			return NULL;
		}
	}
	return (PyObject *)self;
}

static void Game_dealloc(GameObject *self)
{
	euchre_free(self->g);
	Py_XDECREF(self->record);
	PyObject_Free(self);
}

static PyObject *id_object(int id)
{
	if (id >= 0 && id < SMALL_IDS) {
		PyObject *o = PyTuple_GET_ITEM(small_ids, id);

		Py_INCREF(o);
		return o;
	}
	return PyLong_FromLong(id);
}

static PyObject *Game_legal_ids(GameObject *self, PyObject *unused)
{
	int ids[EUCHRE_MAX_MOVES], n = euchre_legal_ids(self->g, ids, EUCHRE_MAX_MOVES);
	PyObject *list = PyList_New(n);

	(void)unused;
	if (!list)
		return NULL;
	for (int i = 0; i < n; i++)
		PyList_SET_ITEM(list, i, id_object(ids[i]));
	return list;
}

static PyObject *Game_legal(GameObject *self, PyObject *unused)
{
	int ids[EUCHRE_MAX_MOVES], n = euchre_legal_ids(self->g, ids, EUCHRE_MAX_MOVES);
	char text[EUCHRE_MOVE_TEXT];
	PyObject *list = PyList_New(n);

	(void)unused;
	if (!list)
		return NULL;
	for (int i = 0; i < n; i++) {
		PyObject *s;

		euchre_action_text(self->g, ids[i], text, sizeof(text));
		s = PyUnicode_FromString(text);
		if (!s) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, i, s);
	}
	return list;
}

static PyObject *Game_legal_mask(GameObject *self, PyObject *unused)
{
	int ids[EUCHRE_MAX_MOVES], n = euchre_legal_ids(self->g, ids, EUCHRE_MAX_MOVES);
	int count = euchre_action_count(self->g);
	PyObject *mask = PyBytes_FromStringAndSize(NULL, count);
	char *p;

	(void)unused;
	if (!mask)
		return NULL;
	p = PyBytes_AS_STRING(mask);
	memset(p, 0, (size_t)count);
	for (int i = 0; i < n; i++)
		p[ids[i]] = 1;
	return mask;
}

static PyObject *Game_apply(GameObject *self, PyObject *move)
{
	char err[256];
	int rc;

	if (PyLong_Check(move)) {
		long id = PyLong_AsLong(move);

		if (id == -1 && PyErr_Occurred())
			return NULL;
		rc = euchre_apply_id(self->g, id < -1 || id > 1 << 20 ? -1 : (int)id, err,
				     sizeof(err));
	} else if (PyUnicode_Check(move)) {
		Py_ssize_t len;
		const char *s = PyUnicode_AsUTF8AndSize(move, &len);

		if (!s)
			return NULL;
		rc = euchre_apply_text(self->g, s, (size_t)len, err, sizeof(err));
	} else {
		PyErr_SetString(PyExc_TypeError, "a move is an action id (int) or its text (str)");
		return NULL;
	}
	if (rc < 0)
		return err_value(err);
	if (advance(self) < 0)
		return NULL;
	Py_RETURN_NONE;
}

static PyObject *Game_copy(GameObject *self, PyObject *unused)
{
	GameObject *c = game_wrap(euchre_clone(self->g));

	(void)unused;
	if (c) {
		memcpy(c->points, self->points, sizeof(c->points));
		c->rng = self->rng;
	}
	if (c && self->record) {
		c->record = PyList_GetSlice(self->record, 0, PyList_GET_SIZE(self->record));
		c->logged = self->logged;
		if (!c->record) {
			Py_DECREF(c);
			return NULL;
		}
	}
	return (PyObject *)c;
}

static PyObject *Game_deepcopy(GameObject *self, PyObject *memo)
{
	(void)memo;
	return Game_copy(self, NULL);
}

static int seat_arg(GameObject *self, PyObject *arg, int players_only)
{
	long s = PyLong_AsLong(arg);

	if (s == -1 && PyErr_Occurred())
		return -2;
	if (s < 0 || s >= (players_only ? euchre_players(self->g) : euchre_seats(self->g))) {
		PyErr_Format(PyExc_ValueError, "seat %ld is not a %s (0 to %d)", s,
			     players_only ? "player" : "seat",
			     (players_only ? euchre_players(self->g) : euchre_seats(self->g)) - 1);
		return -2;
	}
	return (int)s;
}

/* A string from a snprintf-style writer f(g, seat, buf, len). */
static PyObject *text_of(const euchre_game *g, int seat, int (*f)(const euchre_game *, int, char *,
								     size_t))
{
	char stack[8192], *buf = stack;
	int n = f(g, seat, buf, sizeof(stack));
	PyObject *s;

	if (n < 0)
		return err_value("no such seat");
	if (n >= (int)sizeof(stack)) {
		buf = malloc((size_t)n + 1);
		if (!buf)
			return PyErr_NoMemory();
		f(g, seat, buf, (size_t)n + 1);
	}
	s = PyUnicode_FromStringAndSize(buf, n);
	if (buf != stack)
		free(buf);
	return s;
}

static PyObject *Game_view(GameObject *self, PyObject *arg)
{
	int seat = seat_arg(self, arg, 1);

	return seat < -1 ? NULL : text_of(self->g, seat, euchre_view_text);
}

static int events_all(const euchre_game *g, int seat, char *buf, size_t len)
{
	return euchre_events_text(g, seat, 0, buf, len);
}

static PyObject *Game_events(GameObject *self, PyObject *args)
{
	int seat = -1;

	if (!PyArg_ParseTuple(args, "|i", &seat))
		return NULL;
	if (seat < -1 || seat >= euchre_seats(self->g))
		return err_value("no such seat");
	return text_of(self->g, seat, events_all);
}

static PyObject *Game_observe(GameObject *self, PyObject *arg)
{
	int seat = seat_arg(self, arg, 1), n;
	float stack[4096];

	if (seat < -1)
		return NULL;
	n = euchre_observe(self->g, seat, stack, 4096);
	if (n < 0)
		return err_value("observation too large");
	return PyObject_CallFunction(array_type, "sy#", "f", (const char *)stack,
				     (Py_ssize_t)n * (Py_ssize_t)sizeof(float));
}

/* observe()'s nonzero entries as (indices, values): a sparse learner's input */
static PyObject *Game_observe_nz(GameObject *self, PyObject *arg)
{
	int seat = seat_arg(self, arg, 1), n, k = 0;
	float stack[4096];
	PyObject *idx, *val, *r;

	if (seat < -1)
		return NULL;
	n = euchre_observe(self->g, seat, stack, 4096);
	if (n < 0)
		return err_value("observation too large");
	for (int i = 0; i < n; i++)
		k += stack[i] != 0.0f;
	idx = PyTuple_New(k);
	val = PyTuple_New(k);
	if (!idx || !val) {
		Py_XDECREF(idx);
		Py_XDECREF(val);
		return NULL;
	}
	for (int i = 0, j = 0; i < n; i++) {
		if (stack[i] == 0.0f)
			continue;
		PyTuple_SET_ITEM(idx, j, id_object(i));
		PyTuple_SET_ITEM(val, j, PyFloat_FromDouble(stack[i]));
		j++;
	}
	r = PyTuple_Pack(2, idx, val);
	Py_DECREF(idx);
	Py_DECREF(val);
	return r;
}

static PyObject *Game_action_text(GameObject *self, PyObject *arg)
{
	char text[EUCHRE_MOVE_TEXT];
	long id = PyLong_AsLong(arg);

	if (id == -1 && PyErr_Occurred())
		return NULL;
	if (euchre_action_text(self->g, id < 0 || id > 1 << 20 ? -1 : (int)id, text,
			       sizeof(text)) < 0)
		return PyErr_Format(PyExc_ValueError, "action %ld is not from 0 to %d", id,
				    euchre_action_count(self->g) - 1);
	return PyUnicode_FromString(text);
}

static PyObject *Game_action_id(GameObject *self, PyObject *arg)
{
	char err[256];
	Py_ssize_t len;
	const char *s = PyUnicode_AsUTF8AndSize(arg, &len);
	int id;

	if (!s)
		return NULL;
	id = euchre_action_parse(self->g, s, (size_t)len, err, sizeof(err));
	return id < 0 ? err_value(err) : PyLong_FromLong(id);
}

static PyObject *Game_greedy_move(GameObject *self, PyObject *unused)
{
	(void)unused;
	return PyLong_FromLong(euchre_greedy_move(self->g));
}

static PyObject *Game_seed_random(GameObject *self, PyObject *arg)
{
	unsigned long long seed = PyLong_AsUnsignedLongLong(arg);

	if (seed == (unsigned long long)-1 && PyErr_Occurred())
		return NULL;
	euchre_rng_seed(&self->rng, seed);
	Py_RETURN_NONE;
}

static PyObject *Game_random_move(GameObject *self, PyObject *unused)
{
	(void)unused;
	return PyLong_FromLong(euchre_random_move(self->g, &self->rng));
}

/*
 * @random's moves for every seat to act until one of the stop mask's
 * seats is to act or the game ends: the opponents of an environment's
 * seat, without a trip through Python per move.
 */
static PyObject *Game_play_random(GameObject *self, PyObject *arg)
{
	unsigned long stop = PyLong_AsUnsignedLong(arg);
	int seat;

	if (stop == (unsigned long)-1 && PyErr_Occurred())
		return NULL;
	while ((seat = euchre_to_move(self->g)) >= 0 && !(stop >> seat & 1)) {
		if (euchre_apply_id(self->g, euchre_random_move(self->g, &self->rng), NULL, 0) < 0)
			return err_value("a random move was refused");
		if (advance(self) < 0)
			return NULL;
	}
	Py_RETURN_NONE;
}

static PyObject *Game_hand(GameObject *self, PyObject *arg)
{
	int seat = seat_arg(self, arg, 0), cards[EUCHRE_MAX_HAND], n;
	PyObject *list;

	if (seat < -1)
		return NULL;
	n = euchre_hand(self->g, seat, cards, EUCHRE_MAX_HAND);
	list = PyList_New(n);
	for (int i = 0; list && i < n; i++)
		PyList_SET_ITEM(list, i, PyUnicode_FromString(euchre_card_name(cards[i])));
	return list;
}

static PyObject *Game_sample(GameObject *self, PyObject *args)
{
	int seat;
	unsigned long long seed;
	char err[256];
	euchre_view *v;
	euchre_game *out;
	struct euchre_rng r;

	if (!PyArg_ParseTuple(args, "iK", &seat, &seed))
		return NULL;
	v = euchre_view_new();
	if (euchre_view_take(v, self->g, seat, err, sizeof(err)) < 0) {
		euchre_view_free(v);
		return err_value(err);
	}
	euchre_rng_seed(&r, seed);
	out = euchre_clone(self->g);
	if (euchre_sample(v, &r, out, err, sizeof(err)) < 0) {
		euchre_view_free(v);
		euchre_free(out);
		return err_value(err);
	}
	euchre_view_free(v);
	return (PyObject *)game_wrap(out);
}

static PyObject *Game_obs_fields(GameObject *self, PyObject *unused)
{
	PyObject *list = PyList_New(0);
	const char *name;
	int off, len;

	(void)unused;
	for (int i = 0; list && (name = euchre_obs_field(self->g, i, &off, &len)); i++) {
		PyObject *t = Py_BuildValue("(sii)", name, off, len);

		if (!t || PyList_Append(list, t) < 0) {
			Py_XDECREF(t);
			Py_DECREF(list);
			return NULL;
		}
		Py_DECREF(t);
	}
	return list;
}

/* A tuple of f(g, p) for every player. */
static PyObject *per_player(const euchre_game *g, int (*f)(const euchre_game *, int))
{
	int n = euchre_players(g);
	PyObject *t = PyTuple_New(n);

	for (int p = 0; t && p < n; p++)
		PyTuple_SET_ITEM(t, p, PyLong_FromLong(f(g, p)));
	return t;
}

static PyObject *Game_get_to_move(GameObject *self, void *c)
{
	(void)c;
	return PyLong_FromLong(euchre_to_move(self->g));
}
static PyObject *Game_get_over(GameObject *self, void *c)
{
	(void)c;
	return PyBool_FromLong(euchre_game_over(self->g));
}
static PyObject *Game_get_scores(GameObject *self, void *c)
{
	(void)c;
	return per_player(self->g, euchre_score);
}
static PyObject *Game_get_ranks(GameObject *self, void *c)
{
	(void)c;
	return per_player(self->g, euchre_rank);
}
static PyObject *Game_get_hand_points(GameObject *self, void *c)
{
	int n = euchre_players(self->g);
	PyObject *t = PyTuple_New(n);

	(void)c;
	for (int p = 0; t && p < n; p++)
		PyTuple_SET_ITEM(t, p, PyLong_FromLong(self->points[p]));
	return t;
}
static PyObject *Game_get_team_scores(GameObject *self, void *c)
{
	int n = euchre_teams(self->g);
	PyObject *t = PyTuple_New(n);

	(void)c;
	for (int i = 0; t && i < n; i++)
		PyTuple_SET_ITEM(t, i, PyLong_FromLong(euchre_team_score(self->g, i)));
	return t;
}
static PyObject *Game_get_decision(GameObject *self, void *c)
{
	(void)c;
	return PyUnicode_FromString(euchre_decision(self->g));
}
static PyObject *Game_get_variant(GameObject *self, void *c)
{
	(void)c;
	return PyUnicode_FromString(euchre_variant(self->g));
}
static PyObject *Game_get_options(GameObject *self, void *c)
{
	char buf[1024];

	(void)c;
	euchre_options_text(self->g, buf, sizeof(buf));
	return PyUnicode_FromString(buf);
}
static PyObject *Game_get_record(GameObject *self, void *c)
{
	(void)c;
	if (!self->record)
		Py_RETURN_NONE;
	Py_INCREF(self->record);
	return self->record;
}
static PyObject *Game_get_actions(GameObject *self, void *c)
{
	int n = euchre_action_count(self->g);
	PyObject *t = PyTuple_New(n);
	char text[EUCHRE_MOVE_TEXT];

	(void)c;
	for (int i = 0; t && i < n; i++) {
		euchre_action_text(self->g, i, text, sizeof(text));
		PyTuple_SET_ITEM(t, i, PyUnicode_FromString(text));
	}
	return t;
}

#define INT_GETTER(name, call)                                      \
	static PyObject *Game_get_##name(GameObject *self, void *c) \
	{                                                           \
		(void)c;                                            \
		return PyLong_FromLong(call(self->g));              \
	}
INT_GETTER(players, euchre_players)
INT_GETTER(seats, euchre_seats)
INT_GETTER(teams, euchre_teams)
INT_GETTER(hand_no, euchre_hand_no)
INT_GETTER(dealer, euchre_dealer)
INT_GETTER(action_count, euchre_action_count)
INT_GETTER(obs_size, euchre_obs_size)
INT_GETTER(target, euchre_target)
INT_GETTER(cards_each, euchre_cards_each)

static PyGetSetDef Game_getset[] = {
	{ "to_move", (getter)Game_get_to_move, NULL, "the seat to act, -1 once the game is over", NULL },
	{ "over", (getter)Game_get_over, NULL, "True once the game is over", NULL },
	{ "scores", (getter)Game_get_scores, NULL, "each player's score (its team's in the partnership games)", NULL },
	{ "team_scores", (getter)Game_get_team_scores, NULL, "each team's score (empty without teams)", NULL },
	{ "ranks", (getter)Game_get_ranks, NULL, "each player's rank once over (1 = best), else zeros", NULL },
	{ "hand_points", (getter)Game_get_hand_points, NULL, "each player's side's points in the last hand scored", NULL },
	{ "decision", (getter)Game_get_decision, NULL, "bid, trump, declare, give, discard, play or none", NULL },
	{ "variant", (getter)Game_get_variant, NULL, NULL, NULL },
	{ "options", (getter)Game_get_options, NULL, "the options in force, key=value joined by commas", NULL },
	{ "record", (getter)Game_get_record, NULL, "with record=True: every event line so far", NULL },
	{ "actions", (getter)Game_get_actions, NULL, "the variant's fixed action list, as texts", NULL },
	{ "players", (getter)Game_get_players, NULL, NULL, NULL },
	{ "seats", (getter)Game_get_seats, NULL, "players, plus flip's dead hand", NULL },
	{ "teams", (getter)Game_get_teams, NULL, "2 in the partnership games, else 0", NULL },
	{ "hand_no", (getter)Game_get_hand_no, NULL, NULL, NULL },
	{ "dealer", (getter)Game_get_dealer, NULL, NULL, NULL },
	{ "action_count", (getter)Game_get_action_count, NULL, NULL, NULL },
	{ "obs_size", (getter)Game_get_obs_size, NULL, NULL, NULL },
	{ "target", (getter)Game_get_target, NULL, NULL, NULL },
	{ "cards_each", (getter)Game_get_cards_each, NULL, NULL, NULL },
	{ NULL, NULL, NULL, NULL, NULL },
};

static PyMethodDef Game_methods[] = {
	{ "legal", (PyCFunction)Game_legal, METH_NOARGS, "the legal moves as texts, in the protocol's order" },
	{ "legal_ids", (PyCFunction)Game_legal_ids, METH_NOARGS, "the legal moves as action ids" },
	{ "legal_mask", (PyCFunction)Game_legal_mask, METH_NOARGS, "bytes of action_count: 1 where the action is legal" },
	{ "apply", (PyCFunction)Game_apply, METH_O, "plays a move (id or text) for the seat to act; ValueError if illegal" },
	{ "copy", (PyCFunction)Game_copy, METH_NOARGS, "an independent copy" },
	{ "__copy__", (PyCFunction)Game_copy, METH_NOARGS, NULL },
	{ "__deepcopy__", (PyCFunction)Game_deepcopy, METH_O, NULL },
	{ "view", (PyCFunction)Game_view, METH_O, "a seat's view as protocol text" },
	{ "events", (PyCFunction)Game_events, METH_VARARGS, "this hand's event lines, for a seat or all (-1)" },
	{ "observe", (PyCFunction)Game_observe, METH_O, "a seat's observation: array('f') of obs_size" },
	{ "observe_nz", (PyCFunction)Game_observe_nz, METH_O, "observe()'s nonzero entries: (indices, values)" },
	{ "obs_fields", (PyCFunction)Game_obs_fields, METH_NOARGS, "[(name, offset, length)] of the observation" },
	{ "action_text", (PyCFunction)Game_action_text, METH_O, "the text of an action id" },
	{ "action_id", (PyCFunction)Game_action_id, METH_O, "the action id of a move's text" },
	{ "greedy_move", (PyCFunction)Game_greedy_move, METH_NOARGS, "@greedy's move for the seat to act, as an id" },
	{ "hand", (PyCFunction)Game_hand, METH_O, "the cards a seat holds (full information)" },
	{ "seed_random", (PyCFunction)Game_seed_random, METH_O, "seeds the game's generator for random_move() and play_random()" },
	{ "random_move", (PyCFunction)Game_random_move, METH_NOARGS, "@random's move for the seat to act, as an id (the game's generator)" },
	{ "play_random", (PyCFunction)Game_play_random, METH_O, "play_random(stop_mask): @random plays until a seat of the bit mask is to act or the game ends" },
	{ "sample", (PyCFunction)Game_sample, METH_VARARGS, "sample(seat, seed): a game with the hidden cards redrawn to agree with seat's view" },
	{ NULL, NULL, 0, NULL },
};

static PyTypeObject GameType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "euchre.Game",
	.tp_basicsize = sizeof(GameObject),
	.tp_dealloc = (destructor)Game_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Game(variant, seed=0, options=None, record=False): one game, hands advanced automatically",
	.tp_methods = Game_methods,
	.tp_getset = Game_getset,
	.tp_new = Game_new,
};

/* ---- View --------------------------------------------------------------- */

static PyObject *View_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "seed", NULL };
	unsigned long long seed = 0;
	ViewObject *self;

	(void)type;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "|K", kwlist, &seed))
		return NULL;
	self = PyObject_New(ViewObject, &ViewType);
	if (!self)
		return NULL;
	self->v = euchre_view_new();
	euchre_rng_seed(&self->rng, seed);
	return (PyObject *)self;
}

static void View_dealloc(ViewObject *self)
{
	euchre_view_free(self->v);
	PyObject_Free(self);
}

static PyObject *View_feed(ViewObject *self, PyObject *arg)
{
	Py_ssize_t len;
	const char *s = PyUnicode_AsUTF8AndSize(arg, &len);
	char err[256];
	int rc;

	if (!s)
		return NULL;
	rc = euchre_view_feed(self->v, s, (size_t)len, err, sizeof(err));
	if (rc < 0)
		return err_value(err);
	return PyBool_FromLong(rc);
}

static PyObject *View_take(ViewObject *self, PyObject *args)
{
	GameObject *g;
	int seat;
	char err[256];

	if (!PyArg_ParseTuple(args, "O!i", &GameType, &g, &seat))
		return NULL;
	if (euchre_view_take(self->v, g->g, seat, err, sizeof(err)) < 0)
		return err_value(err);
	Py_RETURN_NONE;
}

static PyObject *View_sample(ViewObject *self, PyObject *unused)
{
	char err[256];
	euchre_game *out = euchre_new("hammerwalt", NULL, 0, err, sizeof(err));

	(void)unused;
	if (!out)
		return err_value(err);
	if (euchre_sample(self->v, &self->rng, out, err, sizeof(err)) < 0) {
		euchre_free(out);
		return err_value(err);
	}
	return (PyObject *)game_wrap(out);
}

static PyObject *View_search_move(ViewObject *self, PyObject *args)
{
	int effort = 32;

	if (!PyArg_ParseTuple(args, "|i", &effort))
		return NULL;
	return PyLong_FromLong(euchre_search_move(self->v, effort, &self->rng));
}

static PyObject *View_info(ViewObject *self, PyObject *unused)
{
	static struct euchre_view_info info;
	PyObject *held, *dealt, *score;

	(void)unused;
	if (euchre_view_info(self->v, &info) < 0)
		return err_value("the view has no rules yet");
	held = PyList_New(info.nheld);
	dealt = PyList_New(info.ndealt);
	score = PyList_New(info.teams ? info.teams : info.players);
	if (!held || !dealt || !score)
		goto fail;
	for (int i = 0; i < info.nheld; i++)
		PyList_SET_ITEM(held, i, PyUnicode_FromString(euchre_card_name(info.held[i])));
	for (int i = 0; i < info.ndealt; i++)
		PyList_SET_ITEM(dealt, i, PyUnicode_FromString(euchre_card_name(info.dealt[i])));
	for (int i = 0; i < PyList_GET_SIZE(score); i++)
		PyList_SET_ITEM(score, i, PyLong_FromLong(info.score[i]));
	return Py_BuildValue("{s:i,s:i,s:i,s:i,s:N,s:N,s:N,s:i}", "seat", info.seat, "dealer",
			     info.dealer, "hand_no", info.hand_no, "players", info.players, "held",
			     held, "dealt", dealt, "score", score, "events", info.nev);
fail:
	Py_XDECREF(held);
	Py_XDECREF(dealt);
	Py_XDECREF(score);
	return NULL;
}

static PyObject *View_seed(ViewObject *self, PyObject *arg)
{
	unsigned long long seed = PyLong_AsUnsignedLongLong(arg);

	if (seed == (unsigned long long)-1 && PyErr_Occurred())
		return NULL;
	euchre_rng_seed(&self->rng, seed);
	Py_RETURN_NONE;
}

static PyMethodDef View_methods[] = {
	{ "seed", (PyCFunction)View_seed, METH_O, "seeds the generator of sample() and search_move()" },
	{ "feed", (PyCFunction)View_feed, METH_O, "one line from the referee; True when a move is due" },
	{ "take", (PyCFunction)View_take, METH_VARARGS, "take(game, seat): the seat's view of a game" },
	{ "sample", (PyCFunction)View_sample, METH_NOARGS, "a Game on a deal drawn to agree with the view" },
	{ "search_move", (PyCFunction)View_search_move, METH_VARARGS, "@search:effort's move, as an action id" },
	{ "info", (PyCFunction)View_info, METH_NOARGS, "the view as a dict (seat, dealer, hand_no, held, dealt, score)" },
	{ NULL, NULL, 0, NULL },
};

static PyTypeObject ViewType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "euchre.View",
	.tp_basicsize = sizeof(ViewObject),
	.tp_dealloc = (destructor)View_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "View(seed=0): what one seat knows, fed the referee's lines; samples deals",
	.tp_methods = View_methods,
	.tp_new = View_new,
};

/* ---- module --------------------------------------------------------------- */

static PyObject *mod_card_name(PyObject *self, PyObject *arg)
{
	long c = PyLong_AsLong(arg);

	(void)self;
	if (c == -1 && PyErr_Occurred())
		return NULL;
	return PyUnicode_FromString(euchre_card_name((int)c));
}

static PyMethodDef module_methods[] = {
	{ "card_name", mod_card_name, METH_O, "a card code's name" },
	{ NULL, NULL, 0, NULL },
};

static struct PyModuleDef moduledef = {
	PyModuleDef_HEAD_INIT, "_euchre", "libeuchre for Python (docs/library.md)", -1,
	module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__euchre(void);
PyMODINIT_FUNC PyInit__euchre(void)
{
	PyObject *m, *array_mod;

	if (PyType_Ready(&GameType) < 0 || PyType_Ready(&ViewType) < 0)
		return NULL;
	array_mod = PyImport_ImportModule("array");
	if (!array_mod)
		return NULL;
	array_type = PyObject_GetAttrString(array_mod, "array");
	Py_DECREF(array_mod);
	if (!array_type)
		return NULL;
	small_ids = PyTuple_New(SMALL_IDS);
	if (!small_ids)
		return NULL;
	for (int i = 0; i < SMALL_IDS; i++)
		PyTuple_SET_ITEM(small_ids, i, PyLong_FromLong(i));
	m = PyModule_Create(&moduledef);
	if (!m)
		return NULL;
	Py_INCREF(&GameType);
	Py_INCREF(&ViewType);
	PyModule_AddObject(m, "Game", (PyObject *)&GameType);
	PyModule_AddObject(m, "View", (PyObject *)&ViewType);
	PyModule_AddIntConstant(m, "API_VERSION", euchre_api_version());
	return m;
}
