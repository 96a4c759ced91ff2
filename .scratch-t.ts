import { usernameKey, usernameProblem, normaliseUsername, hasHiddenCharacters } from '/work/wt/names/server/services/accounts/username-policy.ts';
const cases = ['Anna', 'Аnna', 'ΑΝΝΑ', 'ANNA', 'anna', 'Ａｎｎａ', 'An\u200Bna', '\u202EannA', 'Anna  ', 'Zoë', 'Zoe\u0308', 'Łukasz', 'Мария', '李雷', 'Anna 🌸', '👩🏽‍💻 Kim', '🏳️‍🌈 Sam', 'A\u3164nna', '1️⃣ Jo', 'Ilse', 'ILSE', 'Renée', 'Rene\u0301e', 'ｍａｒｋ', 'rnark'];
for (const c of cases) { const n = normaliseUsername(c); console.log(JSON.stringify(c), JSON.stringify(n), usernameProblem(n), JSON.stringify(usernameKey(n))); }
