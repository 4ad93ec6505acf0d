"""How common each English word stem is: its Zipf frequency, log10 of its uses per billion words.

Written by benchmarks/make_background.py from wordfreq 3.1.1's English word list (Robyn Speer et
al., https://github.com/rspeer/wordfreq); like that data, this table is licensed CC BY-SA 4.0
(https://creativecommons.org/licenses/by-sa/4.0/). Words of letters a-z at Zipf 3.0 or more,
stemmed with Snowball English; a stem's frequency is the sum of its words'. A stem not here is
rarer than Zipf 3.0. Parsed on the first look-up only (`--query` asks when a word of a short
query is in no section of the home).
"""

from __future__ import annotations

FLOOR = 3.0  # a stem not in the table is rarer than this
_TABLE = """
77: the
74: a and of to
73: in
71: i is
70: for it that you
69: on with
68: as be this was
67: are at by have he not
66: but from my
65: all an can his if like me one or so they we will your
64: about do get has just more no out time up what when
63: been go had her make new peopl she their there were which who would year
62: also how know now other some them think use want work
61: after ani back could day first good him into look need onli our over say see take than then two way
60: becaus come did even here love may most much realli right said should state these thing us veri well where
59: befor call down feel find game give got great help last life live made mani never off part play s show
59: start still those through too tri whi while world
58: alway am around best better between both chang differ end everi follow high home hous includ keep long man
58: mean name old own person place point put same school someth such team thank three
57: again against anoth ask base big busi care case citi compani develop doe dure each ever famili found
57: friend fuck group guy hand happen let littl lot might move mr must nation next number offic open pleas
57: power public read report run second servic set sinc support sure system talk tell thought under unit week
57: without
56: actual alreadi american anyth area away bad becom believ book build car caus close countri done face few
56: final free general girl god govern hard head hope hour howev import interest issu job kill law leav left
56: level line manag meet member money month music night noth order parti plan player post problem product
56: provid question real reason result seem side someon stop stori today top turn until wait watch water win
56: women word
55: act activ add age allow appear black bodi came check children class clear complet continu control cours
55: court creat current d deal death design die direct effect enough everyon everyth fact far five forc form
55: four full hit hold human idea increas inform kid kind larg later lead learn less light list local major
55: market matter mayb men mind minut miss near offer onc oper pay per perform polit posit possibl present
55: presid program receiv record relat requir research return season seen sever share shit singl small social
55: stay student studi term though togeth told took train understand video war went white whole yes yet
54: abl accord account action ago air almost along anyon art associ attack author b beauti bit boy break bring
54: buy certain claim communiti consid cost cover cut date drive due earli educ elect els event exampl expect
54: experi eye fight film fire food given half happi health hear heart histori industri internat john known
54: land late least lost m main million natur news nice note often oh origin pass past phone pictur pretti
54: price probabl process produc project protect quit r rate releas rememb respons room rule save secur seri
54: short sign song sound south special stand star street success t test total true type universiti view vote
54: walk within woman write wrong yeah york young
53: across addit agre although among anim answer avail babi bank begin behind bill board brother c carri
53: center chanc charact charg child club collect colleg comment common condit coupl cultur data decid decis
53: depart describ dog drop e easi eat either engin enjoy exist fall fan father featur field figur fine finish
53: former front fun fund further futur gave goal gonna grow heard himself improv involv join lie limit link
53: listen locat london lose low march mark match media model moment morn mother movi myself non north offici
53: organiz outsid parent park particular perfect period pick polic polici practic publish quick race rather
53: reach readi recent red refer region relationship remain repres respect rest review road sale saw self send
53: serious serv shot similar site six sometim son soon sourc space speak step strong suggest taken tax third
53: town trade travel usual valu visit west whether wish wonder yourself
52: abov accept access al alon amaz america amount announc appli applic april arm arriv articl assist attempt
52: averag award ball beat benefit blue box british brought card challeng choic church co code compar concern
52: connect contain cool counti critic cross cup custom de dead definit detail director discuss door dr drink
52: east econom effort energi english enter entir especi establish evid exact except explain express fail
52: feder fit focus forward generat goe gold gone green ground guess hate held higher hospit hot imag individu
52: initi insid instead institut juli june key king knew l languag leader leagu legal longer loss lower materi
52: measur medic middl militari mine network normal notic onlin page paper patient photo piec plant prepar
52: press previous privat properti pull rais rang re remov role round scienc score sell sens sent sex ship
52: shop signific sit situat size sleep societi sorri specif spend sport st stage standard store style summer
52: surpris technolog themselv titl toward track trust tv voic w wall wear wife won worth x
51: absolut achiev address administr advanc affect album apart approach armi artist attent august australia
51: bar basic becam bed began block blood born brown built campaign cannot capit career celebr cell central
51: centuri chief china christian clean coach color combin command communic competit comput confer construct
51: contact content contract council count crazi credit daili damag damn danc dark daughter david decemb
51: defens degre demand depend determin difficult district doctor doubl draw dream drug earth edit employ
51: england episod european execut f fair fast fear felt femal file fill financi fish fix fli footbal foreign
51: forget french function gain georg gun h hair hell hey huge hurt imagin immedi independ internet interview
51: invest investig island itself jame januari judg ladi laugh led letter lord marri master memori mention
51: messag met michael mile minist modern mom movement murder n novemb o object octob oil ok okay opinion
51: opportun option owner p paid pain paint peac perhap physic poor popul popular potenti pressur prevent
51: profession promis promot propos purpos push qualiti realiz recommend reduc regular replac resid ride risk
51: river rock roll russian safe scene sea search seat secret section select senat separ septemb seven shoot
51: simpl simpli sir sister sort speed spot staff statement station stock structur stuff subject super suppli
51: suppos tabl teach teacher ten text touch tour tradit treat treatment tree truth u uk union upon v various
51: version washington websit weight welcom whatev whose wide william window worker worri written
50: abil adult agenc agent ahead aid angel annual anti anyway app approv ass attend attract australian avoid
50: bag band battl beach bear below beyond brain brand burn california camera canada cancer catch cent centr
50: channel chines choos civil cloth cold commerci commiss commit committe confirm consist contribut convers
50: cook copi corpor correct cri crime dad danger deep defend deliv democrat despit destroy discov diseas
50: document dollar doubt dress driver earlier earn eight electr emot employe engag equal equip etc europ
50: excit extra extrem factor favorit februari feet firm floor franc friday funni g gas german gift glass
50: global grand grant growth handl heat heavi hi hill histor honest host hotel hundr husband ice identifi ii
50: impact incom india indian indic influenc inspir insur introduc item j jesus jump justic kept kick knowledg
50: la lack launch leg liter lol machin maintain male manufactur map marriag mental method mission mix obvious
50: occur particip partner paul percent pop prefer print prison progress proper prove purchas radio rank
50: regard request resourc reveal ring rise sad safeti san screen secretari seek senior shall shape skill skin
50: smoke sold solut spent spring straight stupid suffer suit sun surviv sweet target theori thousand
50: throughout throw tomorrow tonight transfer transport trial trip unless updat user vehicl via wanna wast
50: weapon weekend western wind winner wood wow wrote y
49: abus ad admit adopt advantag advic africa african agreement aim airport altern analysi anymor appar appeal
49: appoint appreci argu arrest assum awar awesom balanc ban bet biggest bird boat bomb border bottom bought
49: breath bridg broke broken budget camp candid captain cash cast cat caught champion christma citizen
49: classic click coast coffe comfort complex concept conduct confid congress conserv constitut consum crimin
49: decad declar defin deserv desir devic digit display distanc distribut divis dri dude duti easili economi
49: edg element encourag enemi environ estat estim evening eventu excel exchang expens extend extens facebook
49: facil faith famous farm fashion fat feed fell financ flight flow flower foot format foundat freedom fresh
49: fulli garden gay germani glad googl gotta grade graduat greater guard guid hall hang harri highest hire
49: holi honor hors ignor ill impress injuri instal integr invit japan joke journal k lake largest latest
49: lawyer liber librari load loan lock luck magic mari mass meant mechan metal minor mistak mobil mountain
49: mouth mrs multipl muslim necessari negat nine nobodi none northern obama observ older opposit otherwis
49: overal pack pair payment peter photograph plus pre primari prior pro professor profil profit protest
49: quarter queen quot ran rare reaction realiti recogn reflect refus regist regul religi remind repeat
49: republican reserv respond retir rich robert rose royal russia saturday scale schedul session sexual shown
49: sick sing slight slow smile smith soldier soul speci speech spirit spread squar status stick stone
49: strategi stream stress strike struggl sudden sunday surfac switch talent tast texa therefor thus ticket
49: tie tip tire tool traffic troubl truli trump typic ultim victim villag volum vs wake warn wave weather wed
49: whom wild wing winter wit wors worst writer yesterday
48: accid actor adam advertis affair afford aliv alleg appl appropri argument arrang aspect assembl assess
48: attorney audienc background basi beer behavior belong besid billion birth birthday bitch blame blog blow
48: bond boss bottl bowl branch bus canadian capabl captur categori chain chair chairman chapter charl chicago
48: chris christ client clinic colour compet conflict confus constant consult convent cooper core corner crash
48: crew crowd cycl dear debat debt defeat demonstr deni depress descript detect dinner domin download draft
48: easier eastern ed effici egg electron email emergenc ensur entertain entri escap essenti everybodi evil ex
48: examin exclus exercis exhibit expand expert explor failur favor fee fellow festiv fifth finger flat
48: florida forest fourth frame frank frequent fuel gather giant governor greatest guest healthi henri hero
48: herself hide hole holiday http hunt ident illeg immigr implement imposs inc incred inde intellig intend
48: intent interact iron israel jack japanes joe joint kiss labor larger lay leadership legisl length licens
48: lift los loui lucki mad magazin mail martin medicin mid mike monday monitor motiv mount museum neither net
48: newspap nor nurs obtain ocean olymp onto organis pari parliament path pattern plane planet plate platform
48: pool port possess pound predict prime princ programm proud pure qualifi quiet rain ray reform religion
48: repli resist restaur richard root rout sampl scare sector sentenc settl shift shirt shock shoe shut signal
48: silver sky smaller smart softwar solid somebodi southern statist storm strength studio suck surround
48: survey task tear technic techniqu televis temperatur tend terribl territori theme thoma threat till tom
48: tough transform translat trend truck twice twitter uniqu unlik usa valley van varieti victori warm wash
48: weak weird wine yard youth zone
47: academ accur accus acquir adapt adjust adventur advis afraid afternoon agricultur alcohol ancient andrew
47: angri anywher approxim asia asian asset assign athlet attach attitud automat aw bare bay belief bell ben
47: bigger bless bone bore boston bright britain broadcast button ca cancel cap capac championship chart chase
47: chat cheap chemic chicken circl climat closer compon concentr concert consequ consider contest context
47: convinc cop crack creativ crown cute daniel declin dedic delay dick disabl disappoint distinct divid
47: domest donat dont drama ear editor enabl enforc environment era error et everywher excus experienc expos
47: fake fals fantast fault flag folk forev fox fruit gate girlfriend golden grab grew grown guarante harm
47: heaven height hello highlight illustr im inch incid infect instanc instruct instrument intens internal
47: ireland islam itali italian jail jersey johnson jone journalist journey kingdom kitchen knock korea label
47: labour lane lee lesson ll lunch marin massiv mate max mayor meal meat mess mexico milk minimum ministri mm
47: mode monster moon moral motor ms mysteri nativ neck negoti novel nuclear numer odd offens oppos orang
47: packag panel passeng passion peak perman phase pilot plenti plot pm politician premier presenc preserv
47: principl prize procedur proceed proof protein psycholog punish random rape rapid reader recov reject relev
47: remark rent repair resolut restor restrict retail revenu reward rough row ruin rush scheme scientif
47: scientist scotland scott scream seed shoulder sight smell snow soft solv somewher spanish speaker spell
47: split squad stadium steal steel steve strang stuck sub submit sugar suicid suprem surgeri suspect sustain
47: tank taught taylor tea tech threaten tight ton toni topic transit trap trick troop twenti unfortun upper
47: upset urban util vari vice violat violenc vision volunt wage web wheel wound ya yellow younger youtub
46: abandon academi accomplish acid acknowledg admir ah aircraft alex alien alli amazon amend ann annoy
46: anybodi apolog arab architectur asid assault atmospher basketbal bath bathroom batteri bbc bibl bid bike
46: biolog blind bob boot bother bound boyfriend brazil breakfast brief brilliant broad bunch cabl cake calcul
46: calm campus carbon cathol certif chamber cheat cheer chees chip chose chosen circumst cite climb clinton
46: cloud coat coin collabor coloni combat comic comparison complain complaint complic composit conclud
46: conclus contrast controversi convert convict coordin corp correspond corrupt counter coverag cream
46: creation crisi davi dc debut decor delet deliveri depth deputi diamond diet difficulti dirti disappear
46: disord divers don dozen drag dragon drunk edward el elimin em emerg empir empti encount entitl eu evalu
46: expans explos export factori familiar fantasi farmer faster favourit fed fighter flash flood forgot formal
46: fortun founder galleri gang gap gear gender gene genuin golf grace greek guilti ha harder hat heal highway
46: honour hook household id ideal idiot iii index info injur innoc innov instant interior interpret invent
46: iran jackson jew jewish jim joy jr kevin killer kim kinda knee laid latter layer legend lip literatur log
46: logic loud ma mainten manner matt maximum medium mere mill mirror motion muscl narrat navi nearbi neighbor
46: neighborhood nick nois nomin nose occas occasion occupi ohio ourselv pacif pakistan partnership penalti
46: permit personnel perspect pet piss pitch plain plastic pleasur pocket poll portion prais pray prayer
46: precis pregnant pretend princess princip prioriti provinc pump punch pursu q railway realis recal recoveri
46: recruit relax reli relief republ rescu retain revers revolut rice ridicul roger roman roof rural ryan
46: saint salt sam sat satisfi scottish seal sensit server settlement shadow shake shame sheet shell shower
46: simon sin singer slave slip slowli sole solo somewhat soviet spain spin spoke sponsor steam stood storag
46: stretch string strip stronger subsequ succeed swear swim symbol tag tape teen teenag teeth termin terror
46: terrorist theatr therapi thread thursday tini tone tournament tower toy trail tuesday tune turkey tweet
46: twin un unabl understood univers upgrad valid ve veteran virginia virtual visitor visual voter wale
46: wednesday whenev wire wise wrap zero
45: accommod accompani actress addict advoc affili afterward aggress alan alarm allianc alongsid alter anger
45: angl anniversari anxieti assur attribut audio auto avenu bang basebal bat bc bedroom belt bishop bite
45: blast bonus boost boundari bread breast breed brian buddi bug bull bullshit buri bush cabinet carolina
45: carrier castl ceo ceremoni characterist chariti charm chest childhood chocol circuit civilian clark clip
45: clock coal collaps colleagu colorado column comedi commission compens compos compound congratul conscious
45: contemporari conveni cousin craft creatur cricket crop crush crystal cure curious curv da dan dare deck
45: decreas defenc delight democraci deposit deriv desert desk desper destin destruct dig disast discount
45: discoveri dish dismiss disput divorc dna donald dramat drawn drew driven duke dumb dust dynam eagl egypt
45: elder elev elit elizabeth elsewher embarrass en enhanc enterpris equival eric essay ethic ethnic everyday
45: exam excess exit explan exposur extent extern favour fiction filter float fool ford forgiv formula fort
45: forum fought francisco freak frequenc fri friendship frustrat ft fundament genet georgia ghost gotten
45: graphic grave gray grey gross guitar gym habit hack haha healthcar heavili hidden hip hollywood hong hop
45: horribl horror howard hungri hunter icon impli impos incorpor infrastructur inner insan insist introduct
45: investor iphon irish isol jan jason jean jeff jet jimmi jordan joseph junior juri justifi kit knight kong
45: korean lab landscap latin le leak lectur lewi lieuten lion liquid loos lover ltd luke lyric mac maker
45: manchest manual mar margin mask math matthew matur meanwhil medal membership meter mexican miami michigan
45: miller min miner moder mood mortgag multi nail narrow necessarili nervous nfl nut oblig occup oliv op
45: oppon orient outcom output outstand owe pa pace palac pan pant partial pc pen percentag permiss petit
45: philosophi photographi pic pin pink pipe pizza playoff poem porn pose pot poverti presidenti pride priest
45: primarili prospect racist rail ralli raw rear recognit reduct regardless regret reliabl remot renew reput
45: resign resolv resort rid rip rob robot rocket rome rotat routin sail salari sand santa sarah screw script
45: secondari segment semi sequenc shade sharp shield shine shout silenc silent slide smooth snap soccer soil
45: solar somehow sought spiritu spoken stabil stabl stat stem stephen stranger strateg strict subscrib
45: substanti suffici sum superior swing sword sydney symptom tactic tail tale tall tap templ temporari
45: theater thick thin threw tiger tim toronto trace transact treasur trigger tube twist uncl uniform
45: universal unknown unusu urg vacat valuabl vast vega veget vessel violent virus visibl vol walker warrior
45: wealth wet wilson withdraw worldwid yo z zealand
44: abort abroad absenc accident acquisit acr activist airlin alert alexand allen alright ambassador analyz
44: anderson andi android anna anthoni anticip ap archiv arena arizona arthur ash asleep asshol atlant atlanta
44: auction audit austin bake barrier bean beast beg begun behalf behaviour bench berlin bias billi blade boom
44: borrow bow brave brick bro brook brush bubbl buck bullet bulli bureau butt butter buyer bye cambridg cant
44: carter cd charli charter chelsea chemistri chill cigarett colonel columbia commerc communist compil
44: comprehens compris compromis con concret confess confront consent consumpt cooki costum cotton counsel
44: courag crap creator creek cruis currenc daddi dalla databas dave dealer dean decent deepli deleg demon
44: densiti deploy detroit devil devot diego disciplin discrimin disgust disney distinguish distract disturb
44: dive doc documentari domain downtown drain drill drove drum duck dump dutch eas elig embrac entiti entranc
44: epic evan evolut evolv exceed exclud exhaust experiment exploit extract extraordinari faculti fallen fame
44: fanci fate fbi feb fenc flame fleet flexibl flip fold forgotten forth foster franchis franci fraud freez
44: fulfil funer galaxi gari genius gentl glori gordon gorgeous grass grate guardian headquart henc heritag
44: hilari hint hockey holder honey horn houston https hug illinoi immun inject input inquiri insight inspect
44: intellectu interfer intervent invas iraq isra iv jacket jacob jane jay johnni josh judgment juic justin
44: kansa kelli km knife laboratori lean leas leather legaci liberti lifetim liverpool logo lone loop lowest
44: luxuri magnet makeup marshal mathemat melbourn melt microsoft mini minim missil mo modifi moor morgan
44: moscow mum municip musician mutual na nah nake nazi nba nerv neutral newli nov nowher ny obsess oct offend
44: optim ordinari organ organic oscar ought outfit overwhelm ownership oxford passag patch patent patrick
44: patriot peer pennsylvania pension phil philadelphia philippin phrase physician pig pit poet poetri poison
44: pole polish pope portrait poster potato pour pp pregnanc premium privaci privileg prohibit promin prompt
44: prosecut proven provis radic raid railroad ranger rat ratio react rebel recip recognis recreat refuge
44: regim rep represent resum revis rio rival robin romant ross rugbi runner russel sacrific sake satellit
44: scan scari scenario scholar scratch seattl sept servant sexi shed shelter shore signatur silli singapor
44: sink sixth skip smash snake spare specialist spi spider stake stamp stare steven stolen stomach strain
44: strengthen stroke struck stun substanc substitut suitabl summari survivor suspend suspens sweden syria
44: tackl tattoo telephon tenni tension thirti tho thrown tissu toilet toler tongu tourist trailer tran
44: transmiss trash treati tribe tunnel twelv ugli unemploy vaccin variabl variat ventur venu vers victoria
44: viewer virgin vital vocal vulner walter ward warrant wayn weigh welfar wherea whilst whoever wipe
44: wisconsin wolf worship yell yep yield
43: ab absorb ac acceler admiss ador agenda ai alabama ali alic alpha amateur ami amongst anonym arc architect
43: aris arrow arsenal artifici assassin assert assumpt ate atom aug autumn awkward baker barn barrel barri
43: bass beam bee beef behav bend bin bind bitcoin bitter bleed bloodi boil bold bounc brake brazilian breach
43: brooklyn bruce brutal bud bump burden burst bust calendar cameron canal candi cape casual cave ceas ceil
43: certifi chao chef chick cinema classifi classroom clay cleveland clue cm cnn coalit cock commonwealth
43: companion competitor condemn consol conspiraci contractor copper copyright cow crucial curs custodi dam
43: danni dawn dec deem deeper default del delhi deliber delici departur depict des descend di dialogu dimens
43: dip diplomat dispos divin doll dose dot dual dvd earthquak echo edinburgh egyptian eh elector elementari
43: eleph emperor endless endors endur enorm enrol ep equat equiti er etern euro eve explicit explod fabric
43: fade fascin fatal feedback fewer fi fifti fiscal flavor fluid footag forecast framework frozen fuckin
43: furnitur gambl garag gen genr geograph globe goodby gradual graham grain greec greet grip guidanc guidelin
43: gulf gut hamilton hammer harass hardwar harvest hawk hazard hd headlin heel helicopt hike hillari homeless
43: hood hostil hugh huh humor ian ideolog il imperi implic inclus indi indiana indonesia induc inevit inflat
43: ingredi insert inspector instagram insult interrupt iowa isi jam jazz jerri jon jonathan kate kennedi
43: kentucki khan kidnap lap laptop larri las laser lawrenc lazi leaf legitim lend lesbian li liabil lifestyl
43: lincoln lisa literari lmao lodg lung madrid mainstream malaysia mall manipul maria marvel maryland
43: massachusett menu merchant merci metr mi midnight migrat minnesota miracl missouri monkey mous mp murray
43: navig neighbour nest netherland nevertheless nigeria nightmar nobl nope notabl notion oak oklahoma ongo
43: opera optic oral orbit oregon outdoor outer outlet outlin overcom oversea oxygen pad palestinian palm
43: panic parallel particl pat patrol pepper perceiv percept persist philip philosoph piano pie pile pill
43: pirat pleasant plug pollut portray powder preced precious presum profess proport protocol pub pupil purpl
43: pussi quantiti quest racial racism radiat rage ram ration realist recept registr reign reinforc render
43: resembl residenti retreat reveng reviv rick rider rifl riot romanc roy rub rude rumor sa sack sandwich
43: sauc saudi scandal scholarship scope scout se sean sec seiz seventh shark simul simultan ski slam slice
43: slot socialist sooner span spark specifi spectrum specul spray stab stack steadi stewart stimul su submiss
43: summit supplement surgeon surrend sweat tablet taxi ted terri thompson thorough thrill throat throne toe
43: tokyo tortur tourism toxic transpar tribut tripl trophi turkish uh ukrain underground unexpect upcom
43: upload utter va versus vietnam villa wander warren weed wherev whip wildlif wisdom wooden wore workshop
43: worn worthi wrestl ye yea
42: aaron abc abstract abund accent accuraci ace adequ administ advisor advisori aesthet afghanistan alaska
42: albert algorithm align alloc amus analyst anchor ant antiqu antonio anytim arch argentina array artwork
42: aunt authent autom aviat await babe backup backward bacteria ballot baltimor banana banner barbara
42: barcelona bargain basement basket batman beard beaten belov beneath benjamin beta betray birmingham blake
42: blank blanket blend blond blown bobbi bolt booth breakdown bride briefli bronz bucket bulk burger buzz
42: cabin cafe cage calori cam campbel candl canon cargo carl carlo carpet cartoon carv casino census
42: character charlott cheaper cheek cherri chop christoph chronic chuck cia circul classif claus clever cliff
42: closest closet closur cluster coastal cognit coincid cole collector collin com commenc commentari compass
42: compel compli complianc compliment configur congression consecut consolid constitu contend contin contrari
42: cope corn correl couch cowboy craig criteria cum dancer deadlin dealt defect deficit dem denni denver der
42: destini devast diabet diagnos diagnosi diari dictat didnt differenti dine dirt disagre disc discharg
42: disclos disrupt distant distress dj dock donor dougla drone drown du earl eddi eighth embassi emiss emma
42: emphas emphasi enthusiast entrepreneur escort expir fa facilit fastest feminist ferri fertil fever fiber
42: fifa fig flaw flesh flew forti franklin fred furthermor garbag generous gentleman geolog glasgow glove gm
42: goat gop gospel grammar grandfath graph graviti greg grid grill grind groceri hail halloween han handsom
42: harbor harmoni harsh harvard haunt haven hawaii hay helen helmet historian hitler hiv ho horizon hormon hr
42: hub humbl hung hurri hurrican hybrid hype identif idk incent indigen indirect indoor infant infinit
42: inhabit inherit inning insect instinct instructor inter interfac invad inventori io ion iranian jake jami
42: jealous jennif jerusalem jess jessica jose jurisdict keen keith ken kent keyboard lad lamp laura lawsuit
42: legendari legislatur lemon len leo lightn lit liver lobbi longest loser louisiana loyal loyalti luca
42: madison mama mandat manhattan marathon margaret marijuana mario mason md merit metro metropolitan michell
42: mild mississippi mitchel mixtur mock modul monument moreov mortal motorcycl mps myth nasa nasti naval
42: needl neil nelson netflix nonsens norm nutrit oldest ontario opt orlean outrag overlook overnight owen
42: parad paradis paragraph parish parker parliamentari passport password pastor patienc paus pearl perri
42: phillip phoenix pierc pine pioneer pledg podcast poland portfolio portland pr preliminari premis pronounc
42: propaganda prophet prosper punk puppi pursuit puzzl qualif queensland rabbit radar rap realm recipi
42: regulatori reliev remedi rental retriev revolutionari ridg rig ritual roast robinson rocki rod ron rooki
42: rope rs rubber sacr salad samuel sanction sandi satisfact sc scar scatter scrap selfish seller sensor
42: sentiment serial shave sheep sheriff shi shooter shorter showcas si sibl sincer skate sketch skull slap
42: slaveri slept slope smartphon snack soap sock soni soup spike spill spoil spur squeez stain stair stanley
42: starter statu steer stir stole subscript suburb sue sunni sunshin supervis supplier suppress surveil susan
42: swallow swap swedish sweep swift swiss switzerland syndrom syrian taxpay tbh teammat tender tennesse tent
42: terrifi testifi testimoni th thai thailand theolog theoret thi thou thumb tide tier timelin titan tobacco
42: tomato tommi tori toss trader tragedi trainer transmit treasuri tremend tropic turner tyler ugh ukrainian
42: ultra unbeliev uncomfort unfair uniti unlock unnecessari urgent usag useless utah valv vampir vancouv
42: verifi vertic victor vintag visa von wa wallet warehous watson wealthi whale whisper wider widespread
42: widow willi wireless witch woke wreck wright wtf xbox yoga zombi zoo
41: aboard accessori accumul acut adjac advers aggreg airplan aka alik altogeth ambit ambul amen analog analys
41: analyt ancestor ankl anxious ar arabia archaeolog armor asham ashley aspir attain austria automobil awak
41: ba bacon badg bail bailey balloon banker bankruptci bark basin bastard beij belgium belli benefici berri
41: bicycl bio blew blogger bloom bomber boo bout brad brew broadway broker bros btw buffalo builder bundl
41: butler butterfli cannon captiv cardin caribbean carol cart casualti catherin cattl cbs cc celtic cemeteri
41: champ chan chancellor chile choke citizenship clair clan clarifi clash clerk clown cocktail coke colin
41: collar collis comedian commod compact compat compress conceiv confin connecticut conquer consensus
41: contamin convey cord costa cottag cough coup coupon courtesi crawl credibl creep cruel cruz ct cuba cult
41: cultiv curl curriculum curtain cylind dairi dakota darl dash deed deer delic delta demo demograph dens
41: dental derbi dial diamet dictionari disadvantag disclosur discret disk dislik dispatch dissolv ditch
41: dividend doctrin dodg dolphin doom drift dub dubai dublin duo durat dwell eager earliest easter eaten
41: ecolog economist editori ego elabor eleg eleven elli emili enact erect est evacu exempt expedit expertis
41: fabul facial faction fairi fare fc feat feather fifteen finest firearm fl forg fork fossil foul fr
41: fraction fractur fragment freeli frighten frog fundrais fur ga gaug gem generic gentlemen gestur gig glanc
41: glorious glow goddess gram grandma grandmoth grasp grief guilt guinea habitat halfway halt ham happier
41: happili hardest harrison harvey haul headach heroin hesit hispan hmm hobbi holland holm homework homosexu
41: hostag hp hull hunger idol illus immens imprison incorrect influenti ink inn intel intercept intim invis
41: ip ipad ir irrit ive jar jaw jeremi jerk jewelri juan judici julia jungl karen kati keeper kenya kg kidney
41: kyle ladder lamb landlord laughter laundri layout lbs leap leon les lesser levi liar licenc lick lighter
41: linda linear lo lt luci mandatori manifest mansion manuscript marco marcus marker martial massag matrix
41: meaning med medit meme memor mentor merg merger messi mg mice micro midfield mighti migrant miser mistaken
41: mob modest modif molecul molecular momentum monetari monk montreal morri mt mud murphi nanci nathan
41: nationalist nationwid nearest neat neglect nephew newcastl nicknam nigerian nintendo ninth nod node nomine
41: noon norman northeast northwest norway notif notifi nowaday nude obes obstacl offenc onion oppress ore os
41: outbreak outlook outta oven overview painter pakistani pal pale panther par paramet passiv pathet peanut
41: pencil penetr penni persuad pete petti phd phenomenon pillow pipelin pistol piti pittsburgh placement
41: plagu plea plead pokemon polar pond portal portug potter preach prescrib prescript preview printer probe
41: prof profound prop prosecutor prostitut provinci puls putin quantum rachel rack rainbow ralph rapper rd
41: rebuild receipt reconstruct recycl reed ref refin refresh refund regiment reluct renov reproduct rev revel
41: rhetor rhythm richmond roller roster ruler safer sailor samsung sang savag scroll sculptur semest sen
41: sensat sensibl sequel sergeant setup sharehold shaw shortag sierra sigh silicon silk sim simpson skirt
41: slaughter sleev sneak soak sophist sore southeast southwest spam spectacular spencer spice spit spous
41: sprint sri ss stall stan stanc starv steak sterl stoke strand strap straw streak stripe strongest stuart
41: stuf subsidiari subtl successor summon sunset supervisor surf surgic suspici suspicion swell sympathi tab
41: tan te temper temporarili tempt tenant tendenc testament textur theft therapist threshold thrive thunder
41: tick tile timber tin tit todd toll tooth torn touchdown towel township tragic trait trauma tribun trim
41: troll trunk truste tumor turtl um uncertainti undergo underneath undertak unhappi unlimit vacuum vector
41: vein vendor vet vi vibe victorian villain vincent viral virtu vitamin voyag warner weaken welsh whistl wi
41: wick wilder wive wizard wont workout workplac worm wrist xi yanke yup
40: aa abraham absent absurd abu acoust acquaint adelaid adher admin adolesc af affirm alfr altitud aluminum
40: amanda amber amsterdam andrea angela annex apr arctic arkansa arnold arrog arteri artilleri asylum au
40: autism ave aveng awaken axi bachelor bangladesh barack baron bash batch bennett bent bernard berni bi
40: billboard biographi bizarr blair blunt bo boast boob bot brace bracket bradi bradley brandon brass brigad
40: brisban bristol broader browser brussel bryan bs bunni burial burnt buse cab cal cannabi canva canyon
40: capitol carolin carriag casey catalog catalogu cater cathedr caution cement chant chapel charger chen chew
40: chin chronicl cincinnati circular circus citat civic cleaner clearanc clone clutch cocain cohen columbus
40: comeback commut conceal cone confidenti congrat congreg conscienc contempl continent contradict
40: contributor cooler corridor cos cosmet counterpart countless coward cr crane creepi crow crude crusad cub
40: cuban cube cue cunt curios curri cyber dale dame deaf deceas decre deduct degrad den denial denmark
40: dentist deport depot depriv derek detach detent diagram diana diesel digest digniti dimension diminish
40: dinosaur directori discourag disgrac displac distort dodger doesnt dome dope doug drake dread dull duncan
40: dylan ebay ecosystem elbow ellen empow endang enlighten enrich enthusiasm envelop enzym escal essenc
40: esteem exagger exil extinct faint falcon feminin fierc filmmak fisher fist fixtur fled flee florenc flour
40: flu flush fm fond forbidden formul fountain freight freshman fridg frontier frost furious furnish fusion
40: gallon gameplay gdp geneva geographi gif glenn goddamn gov gps grape grove guild gum hacker hampshir handi
40: hannah harbour hardcor harold harper hart hatch hatr headphon hebrew heck heir herald herb hes highland
40: hindu holli homer honesti horizont hudson humid humili hydrogen illumin impair implant impuls inappropri
40: inaugur inclin inconsist indict inequ infantri inher inmat insecur intact intak interim intermedi
40: intersect interstat interval intimid intrigu iraqi irrelev isl jacki janet java jefferson jen jenni jin jo
40: joan joel julian junction junk juvenil karl kay kenni kitti knot lace landmark lauren lawn lebanon leed
40: legion legit leisur lender leonard leverag lgbt likewis lili limb lineup linux liquor lloyd locker logan
40: logist lotteri louis lui lynch lynn lyon machineri madam magnific magnitud maid majesti malcolm manga
40: marbl marc maritim martha massacr mat matern maxim mc meantim median mediat mediev mediterranean mega
40: melodi memoir merced merchandis mercuri messeng metabol methodolog metric milan militia milwauke mint
40: minus mislead missionari mod moham mold monica montana moron mose mosqu mph mumbai mushroom mutat nashvill
40: nato nbc nc ne nebraska necess neglig neighbourhood neo nevada newest nhl nhs nichola nicol nj nonetheless
40: notori nyc oath obscur offset ol omg orchestra organism orlando ottawa ounc oval owl oz packet palestin
40: palmer paste pathway patron peach pee peel pend penguin peni peninsula ph pharmaceut pharmaci pier pitcher
40: platinum po poker pork portabl porter portugues postpon practition predat predecessor prep prevail preval
40: prey processor proclaim provok proxim ps pt puerto purs quarterback quebec raider ranch raven raymond
40: reactor rebecca rebound receptor recess reckon reef refere referendum regain rehabilit rehears reid relay
40: reloc remaind remix renown repeal reservoir revolv reynold rhode rib rico righteous roar robberi royalti
40: rt rubi rug runway ruth salli salmon sander sara satan scam scent screenshot scriptur secular seizur
40: seminar seo shaft shakespear shallow shanghai shatter sheer shelf shepherd shipment shitti shook shove
40: shrink singh sixti skinni slate slim slower smallest sociolog soda someday sp spa spear specialti specimen
40: sphere spine spite splash spoon sr stalk stanford stark startup static statut steep stereotyp sticker
40: stiff stitch striker strive stud stumbl stunt submarin subsidi subway superb superhero superintend
40: superman surg surpass swan systemat ta taiwan teas telegraph terrac textbook thanksgiv thee thereaft
40: therebi thermal thesi thigh til tl toast toddler token tomb tow trademark traffick transcript transplant
40: travi trek triangl tribal tricki triumph tuition tutori tx uber umbrella unanim uncertain unconsci uncov
40: undermin underwear unifi unto unveil upsid upward usb usd vagu vanish variant vault vegan vent verbal
40: verdict vest viabl vibrat vienna vike vine vinyl void voltag voluntari vow wade wagon waist wallac warfar
40: watt wax westminst whatsoev wheat wholesal whore width wolv wwe yorkshir youngest
39: abbey abnorm abolish accredit adrian advocaci aerial aftermath ag ahh ala albeit alberta algebra allah
39: allergi alley alot alphabet alumni ambiti amid ammunit amp amplifi ana anal anatomi andr anni antenna
39: anthem anthropolog antibiot appetit applianc arbitrari archer arguabl armour armstrong articul artifact
39: athen atm automot autonom autonomi awhil axe aye backpack backyard bait balconi ballet baptist battalion
39: batter battlefield bead beatl belfast bengal berkeley beth betti bever beverag biblic biden billionair
39: binari bing blah blaze blink bmw boiler bori borough boxer br bra bracelet breakthrough breez brett
39: brighton brit brotherhood brows bruis bt buddhist buffer bulb bulgaria bulletin bum burk businessman
39: butcher capitalist capsul cardiff carniv carpent carrot carson catastroph cautious cellular censorship
39: ceram cereal cf ch chad champagn charit chess chi choir chord chorus christi christin chrome chunk cl
39: clariti claw coconut cod coffin coil col colombia colt commemor comp complement comrad conced concess
39: condom conductor confeder congressman conjunct constraint consul conting coral corps councillor counselor
39: countrysid covid cox crab crave crippl criticis critiqu crook cs curat curti cuz cyclist czech danish
39: darker debri decay def defici delawar descent desktop dessert detain detector deterior diagnost disguis
39: dispers disrespect distributor dm dough drank drastic drawer drought dug duplic durabl dwarf dye dynasti
39: easiest ebook eighti embark embed embodi enlarg enlist epa epidem eras erupt es espn essex eva exot
39: expenditur exterior eyebrow farewel farther fascist fatigu fda fe feasibl feast fellowship femin ferguson
39: ferrari fin finland flank flare flavour flirt flourish flyer fog folder font foolish forbid forehead
39: forens fourteen fragil freddi frederick freed fring fu fucker furi fuse gabriel gal gamer garcia garlic
39: gasolin gaza gb genesi genocid genom geometri gf ghana gibson gilbert ginger glen glimps goin gosh gossip
39: government gown gp grandpar grandson granit gratitud gregori grenad griffin groom groov handbook hardi
39: hast header heather heavier hedg henderson herbert herd hollow holocaust homeland hometown homicid hon
39: honda hopkin hottest humanitarian hungari hut hypothesi ibm iceland idaho ignit immers immort inabl
39: incompet incomplet inconveni incumb indonesian indulg inflict ing inhibit injustic insul interven intuit
39: ironi isaac isnt itun ivan ivori jamaica jeffrey jewel ji joey johnston joshua joyc judgement judiciari
39: jumper jun kane karma kenneth kerri ki kilomet kilometr kirk kitten knit kurt lag laker lame lanc lang
39: lanka lash latino lb learnt lebron leicest lengthi lesli lethal liabl liam lib lid likelihood lil lime
39: liner linguist literaci litig loot lou loung lp luckili luther magistr mainland manila mankind manuel mapl
39: marsh masculin masterpiec maya mcdonald meadow medicar membran memphi metaphor mia michel mickey midland
39: midst mileston milit millionair mindset minneapoli miseri mistress misunderstand mitch mitig mlb moistur
39: molli mommi mon monopoli monro mont montgomeri morrison moss motherfuck mourn mtv muhammad multipli munich
39: mute mvp mystic nap ncaa necklac neuron newborn newer newton ng ni nich nicola niec nike nina ninja nixon
39: noah nonprofit noodl norwegian notch notebook nova nsa nun nurseri nutrient oakland obamacar obey occurr
39: offshor optimist ordin orphan orthodox ot overhead overlap overse overtim oxid pac packer panama papa para
39: parasit pardon partisan pasta patholog pave pea peasant pedestrian penn persecut persian perth peru
39: peterson petroleum pg photoshop physiolog pi pickup pierr pillar pinch pixel pl plaintiff plantat plasma
39: playground playstat plaza pod pointer pointless poke poni porch postal powel practis predomin prejudic
39: prestigi princeton probat problemat procur prolong promo prone proposit pros prototyp psychiatr pumpkin
39: puppet pyramid queri queue quicker quinn ra radius rag ramp randi rant readili reagan reassur rebellion
39: redeem reel refug renaiss reopen repay replay replic reproduc resent residu reson restrain resurrect
39: retard reunion reunit reuter rex rey ribbon richardson ricki riley rim risen riski rivalri robbi robertson
39: robust rode rogu ronald roommat roosevelt rot rover rubbish rumour sacramento sacrif safeguard saga salon
39: salvat sanctuari santo sausag sci scot scrub sd sebastian selfi seoul sep seth seventeen seventi sew sf sh
39: shane sharon sharpli sheffield sherman shini shotgun shuttl sieg simplifi sixteen skeleton skeptic slash
39: slogan slut smack smarter sniper sober sodium solicitor solidar songwrit sonic sophi soundtrack sour
39: sovereign sovereignti spawn spec spectat spinal spiral spontan spotlight squirrel stapl stern sting
39: storylin strawberri suburban sudan sullivan sung sunlight supermarket supernatur superstar surplus swamp
39: sway sweater swept sworn sync synthet taco tailor tampa tariff td technician teddi tee tel telecommun
39: telescop temp templat tens tenth tenur terrain terrif textil therapeut thief thirteen thriller thrust ti
39: tighten tilt tornado toyota tractor traitor transgend traumat tray trench trevor trillion trilog triniti
39: trio troy tub tuck turbin turnov tutor ufc unaccept unawar unclear uncommon und underestim undergradu
39: undertaken underwat underway undoubt unfold unstabl unsuccess upstair ur uranium url vacanc valentin veloc
39: venezuela venic verb vietnames vinc vivid vladimir volatil volcano volleybal vomit walmart walsh walt wang
39: weaker wee weld wheelchair wicket wifi wikipedia winston withdrawn woo wool workforc xd yacht yahoo yale
39: yang yay yemen yourselv yu zip
38: aaa abbott abduct aberdeen abid aborigin abrupt acclaim ach afghan afl ahm airway aisl albani alexandria
38: alison allan allerg allison alloy alt altar ambigu anglo antibodi ape api apollo apologis apostl apparatus
38: applaus apprentic apt archbishop asap ascend astonish astronaut astronom atheist atlas augment austrian
38: awe bald baldwin bangkok barber bb beacon beginn behold belgian benchmark bf bibliographi biscuit bliss
38: blossom blur bodili boe boulder boycott boyd bp brag bravo breaker bred brewer breweri brexit bribe bronco
38: brow bruno bryant buddha bulgarian bulldog bun bunker burton bypass caesar cairo calcium calgari calif
38: calvin camel cane capita caption cardiac carrol cartridg catalyst cavalri caviti ce cedar censor certainti
38: chapman charleston cherish chester christina chuckl churchil cigar clap clara classmat claud cleans cleric
38: clifford coaster codi coleman colon comb combo comet commend communism compart conform congest connor
38: conquest constabl convoy cornwal cosmic coven cp cracker crawford creditor crisp cruelti crunch cuisin
38: curb cutter cyrus daisi dana darren dart darwin davidson dawson daylight db deceiv decept dee deepest defi
38: dementia denot denounc despair dev development devon dian diaper dice dilemma dilig dilut dioxid diploma
38: disagr discard discipl disco disconnect discours dispar disregard diver divert diy doin dom dong donna
38: dorothi dove downward drainag drip ds duchess dummi dungeon dunn dunno durham ea eclips eden edgar
38: eighteen eleanor eli elliott elvi emir emit encompass encrypt endeavor endow engrav ensu envi eugen
38: evolutionari excav excerpt expel extremist fatti fb felix fella feloni fetch ff fibr filipino filthi
38: finalist finn firefight firework fisheri flap flatter fletcher flex flint flock flop floral flown floyd
38: flynn foam foe foil forb foremost fortress fraser freelanc freeman freestyl fuller gadget gandhi gardner
38: garment garner gateway gaze ge geek gel gerald giggl gill glacier glue goalkeep goos grammi grandchildren
38: grandpa greenhous gt guru hahaha haircut hairi hallway hamburg hammond handicap hank har harden hardship
38: harmless hashtag healthier heap heartbreak heath hen heroic hid hierarchi hindi hm homemad hooker hopeless
38: horni horrif hugo humour hungarian hurdl hygien hymn hypocrit ie imageri imaginari imit impeach improp
38: inact inadequ incur indefinit indianapoli induct infecti inferior infin infring inland insuffici insulin
38: insurg int intern internship intoler intro invalid ira iri irregular iso ivi jade jare jelli jenkin jill
38: judi jung justif ka kai kany katherin kindergarten kindl knive ky lancast lantern leftist lego lens lever
38: librarian libya lightweight lin lindsay litter livestock liz lizard llc lookin loom lopez louder louisvill
38: luggag lump lunar lure mafia mag maggi maiden malaysian mammal maneuv manor marina marion marketplac mash
38: masturb mattress mauric maxwel mb mccain megan mel melissa memo merri meyer mic mick microphon microwav
38: midwest miguel milton minecraft miniatur miranda ml mls moan modi mole monarch monasteri mormon morocco
38: mortar mosquito mound mug mutant myanmar napoleon nascar nash nat natali nate naughti needless negro nepal
38: nerd neural neurolog newman newport newslett nickel nigel nightclub nile nineteenth nineti nippl nitrogen
38: nm nobel norfolk northwestern noun nsw nz obstruct offspr olivia omega onward ooh oop orgasm ornament ou
38: outlaw outright oversight oyster pablo pancak panda paperwork parcel parodi parol partit patricia paulo
38: paw payrol pdf pedal perfum perk perpetr perpetu pest phantom phenomen philli pickl picnic pigeon ping
38: pint pitt pivot planner plaqu plung plural polo polym prank preacher precaut prematur preston prick primit
38: prix prom propel propheci protagonist protector proxi psalm psych psychiatrist psychic pup python qatar qb
38: que queer quiz quo rabbi rainfal rand rapist recit reckless reclaim redempt redund referenc refriger
38: registri rehab releg relianc remak repetit replica repress reprint res reset resili respiratori restart
38: restraint retent revolt rhyme rigor rite roam robe rochest rodger romania rosa rosi rotten sage sanchez
38: sandra satir satur scarc scoop scorer scrambl scrape seeker segreg semit sermon settler sewer shah shannon
38: shawn shelv shorten shred shrimp shrine sidewalk silva simmon simpler simplic singular sip slightest
38: smoker smuggl snail snatch soar sob sofa solomon somerset soo sorrow southampton sox sparkl spatial sperm
38: spici spoiler spokesman springfield sq squadron staf stainless starbuck statutori steadili stellar
38: stephani stereo steroid sticki stimulus stockholm storytel stove straightforward strait stubborn subdivis
38: substrat sunris surrey suscept sussex swimmer sympathet symphoni synonym synthesi syrup tamil tasti taxat
38: temptat tesla thiev thomson thorn thru thug timer timothi tina tonn torch traci tract traction treason
38: trent trout tu tucker turbul turf turk tweak twentieth twilight twitch tyre uganda undercov unlaw unpleas
38: unpreced unrel unwant urin usernam ussr vacant vagina valuat vanilla vatican vegetarian veil velvet venus
38: vermont vernon versatil vic vicin vicious viewpoint vigor vii vineyard violet vip vocabulari vocat vodka
38: voucher vr waiter wallpap wan wardrob warmer warmth warp weav webb webster wellington wendi wheeler
38: wherein whiskey whoa wholli whoop widen wig willing winger woodi woodland worthless wrestler wu wyom yr
38: zach zoom
37: abdul absorpt acc acn ada advent advert aerospac afc agil airborn ak akin ale alec alexi allegi almighti
37: almond alp aluminium ambush amino ampl anecdot anomali apex apocalyps appal apparel applaud arbitr arcad
37: ari ark arlington armenian aros ashton asteroid asthma aston auburn auckland audi auditor aurora aussi
37: authoris authoritarian auxiliari avatar aww az backlash bacteri badass badger baggag bakeri bali bamboo
37: bandit bangalor bankrupt barrack bart baselin basil bayern bbq beaver beck beetl bella benedict
37: beneficiari bewar bidder bieber bikini bilater bingo bisexu blackberri bleach blockchain bloke blu
37: bluetooth bluff blush boi bolton bombay bon bonni boomer boon booster booz boulevard bounti bowel bradford
37: breeder brendan brennan brent brighter broadband brock bronx buff bumper burner byron caffein cain calf
37: calib calibr caller cambodia canterburi capt cardboard cardiovascular carey carlton carr cartel castro cb
37: cbd cellar cellphon cha chalk chandler chaotic chap cheapest cheerlead chemist chic childish chili chilli
37: chimney chloe cholesterol chore chromosom cinnamon clare clarenc classi clayton clearer clergi cling
37: clipper clyde coher cola collater coma communal comprehend compulsori concurr condo congo consortium
37: contempt converg copenhagen corey cork cornel coron countdown courier courtney courtyard cowork cpu cramp
37: crate crater credenti creed crest croatia crossov cruiser crust cubic cuff culmin cupcak cushion cynic
37: cynthia cyprus dagger dammit damon dane dang das daytim dd debbi defer deiti dell delux demis demolish
37: denomin dent dept despis detriment deutsch deviat devis dexter dialect dietari dime diplomaci dire dis
37: disastr disciplinari discomfort discontinu dismantl dissent dissert dixon dl dominican dominion donkey
37: donut dori dos downhil downstair doyl driveway drummer drunken duct duel dusti dwight dysfunct earnest
37: earring eater ec eco edwin efficaci einstein elast eldest elena elf elliot emin emmi empathi enclos
37: enclosur energet eng enquiri ensembl entireti erik erin ernest erot ethan ethiopia ev evangel everton
37: everytim evict exodus exp fallout fart fcc fernando fest fidel fingerprint finit finnish fishermen
37: flagship flashback flick flora fo focal footprint footstep forestri forgiven formid forrest forthcom
37: franco franki fratern freezer friction fugit funk furnac fuzzi gag gala gamma gangster garrett garrison
37: gase gavin genus gerard gettin ghetto gi gibb gin giveaway gland glaze glitter gloria glucos gmt goodwil
37: gore gorilla gothic govt gracious grader graffiti gravel greas greed greedi griev griffith grim grin
37: gunshot gymnast gypsi hagu haiti hal halo hamlet hampton handler hare harley hassan hater hawaiian hbo hc
37: heartbeat heater heh helm helpless hemispher herein herman higgin hijack hilton hing hitter hive hoffman
37: hog holt homeown honeymoon honorari hoop horrifi hose hq hrs hs html hulk hum hustl hyde hydraul hyper
37: hypocrisi ia ic idl immatur immin imo imper imperfect implicit improvis inaccur incap incept incident
37: indiffer ineffect infam infer infiltr inflamm inflammatori infrar inhal inhibitor inscript instabl
37: intensifi interchang interrog intestin intrus inventor invok ipod iq iren irrespons irrig irv ish istanbul
37: itch ix ja jacqu jaguar jakarta jealousi jeep jerom jessi jewelleri johannesburg joker jona jong jp judith
37: juici jule julius jupit kardashian kashmir kathi keyword kin kingston kirbi klein knox ko kobe kris kumar
37: kuwait laden lago lambert lateral lauri lava lawmak learner lebanes leftov leigh lent leonardo lester
37: levin lg lifelong limeston linger lionel lipstick litr liu ln lobster locomot loneli longtim ls lurk lust
37: macdonald mack macro madonna mae magician malaria malici manifesto mann marilyn mart martinez martyr
37: marvin marx mayo maze mccarthi meaningless medicaid mediocr menac meredith mesh meta methodist microscop
37: midway mil millenni millennium misconduct mist misus mit mn moist monaco monarchi moodi moth motto
37: mourinho mu mural muscular muse mustang mustard myer mytholog naiv nam naomi narrowli nd ned newark newcom
37: nexus nicer nichol nicki nigga nikki nissan noisi nokia norton norwich nothin notr nottingham novelist
37: novelti nt nuanc nugget null nurtur nw obedi observatori obsolet offlin og oi ole omar omit onset oracl
37: orchard osborn otto outdat outreach overload overturn overweight pact palett pandem panti paramount
37: paranoid pastri patterson patti paula payn paypal pcs pd pe pearson peculiar pediatr pedro peek penc
37: pentagon perci perez peril perimet peripher perkin persona persuas pertain pesticid petersburg petrol
37: phenomena physicist pike pilgrim piper piston plaster playlist pls plymouth pneumonia poetic policeman
37: poop popcorn pornographi porsch pos postcard postur potent potteri ppl pragu prairi precinct preseason
37: prestig profici proprietari prose prostat provision psycho puff pulp pun punjab purg puriti qaeda quad
37: quantit quarri quartz quota quotat racer radioact rafael raini ramsey randal ransom rash rattl rave razor
37: rb rc realism reconcil reconcili recount recur reddit redesign referr refineri reflex reg regener regent
37: reimburs relentless relic remnant renam restructur retali retro retrospect rever reverend revisit revok
37: rhino ri rica richer richest richi rigid ripe rita riversid rm rn rna robber roberto rodney rodriguez
37: roland rom roma romeo ronaldo ronni rooftop rooney rori roug rp rust ruthless sac saddl salem salti salut
37: salvador salvag samantha samurai sane sank santiago sasha saul savior saxon sb scanner scarf sceneri
37: scenic schmidt scooter scotch scrutini scum seafood seahawk seam sect semant sensori serbia serum shadi
37: shale sherlock shin shirley shopper shrug shutter sidelin sidney simplest sinner siren skype slab slack
37: sleepi slick sm sms socket sofia softbal soften sol solitari somalia sophia sophomor southeastern
37: spacecraft spaghetti specialis spectacl speedi splendid spong sponsorship spotifi spun squat stagger
37: stakehold stalin standpoint startl steeler stefan stein stella stevi stigma stink stray stride stroll
37: stylish subtitl sucker suitcas summar sunglass sunk supper sur sushi sutton suv sw sweetheart takeov
37: taliban talkin taller tame tangibl taper tara tate tb tempo teresa terminolog texan thame theatric theo
37: theodor theorem thereof theresa thinker thirsti thor tidal tinder tn tobi tore torqu torr tougher toxin tr
37: tracker traine transmitt trinidad trivial trooper trouser trumpet ts tumbl tumblr turbo turnout ty uae uc
37: ucla unarm unchang uncondit unconstitut underw undo unfinish unhealthi uni unicorn unleash unload unoffici
37: unpaid unpopular unpredict unreason unsaf unsur unwil uphold upright upris uruguay usc ut utc vain val
37: vanessa vaniti var varsiti vase veggi vengeanc venom vera verg verif verizon versa veterinari veto vibrant
37: vigil viii violin vista vogu volcan voluntarili vp wagner waiv waiver walli walnut ware warranti warsaw
37: wasnt waterfal weaver wedg weep wenger wesley wh wherebi whichev whine whitney wii willow windsor withdrew
37: withstand wo wong worthwhil wr wrath xl xp xx xxx yeast yen yi yorker youngster yuan zen zhang zimbabw
37: zinc zoe
36: abba abbi abbrevi abdomen abdomin abe accustom adhes adida adject adulthood adversari ae affin aggrav agit
36: agn agoni aha ahmad aj aleppo algeria alia alicia alma alpin ambient amelia amidst amnesti anarchist angus
36: anita antagonist antarct anton apartheid aquarium aquat archi argentin aria armenia arous ars arthriti
36: artisan assad assimil assort astro astronomi atop atroc attende attic audrey augusta aus auster
36: autobiographi autograph autopsi av averi ay baba backdrop backstag bae baffl baghdad bahrain bale ballad
36: baltic bam bandwidth banish banquet baptism barb barbarian barbecu barbi barg barker barr barrett barton
36: bate baton baxter bearer beau becki bedford bedtim beforehand beirut benghazi benni benson bentley benz
36: bestsel bigot biker biograph bipolar blackout bladder blatant blazer blitz bloc blockad bloomberg
36: blueprint blvd bodyguard bollywood bombard boogi booker bookstor booti bosnia botan bourbon bowler braid
36: braveri breakup breathtak brightest broaden brodi bruin brunswick budapest buddhism bueno bureaucraci
36: bureaucrat burma businessmen cabbag cach cadet calculus camper canberra cano canton caravan carb careless
36: carmen carnegi cashier caucus cavali cdc cds cerebr chamberlain char charcoal checkout checkpoint cheesi
36: chemotherapi chequ cheryl chevrolet chronolog chrysler cindi cinemat circa cis citrus clad clamp claudia
36: clement climax clive cloak cloudi coca cockpit cocoa coeffici cohes collid cologn colombian columnist
36: combust comfi communion compassion complementari conceptu concuss condens condol connector conrad conspir
36: contagi contour contracept conven conway coolest cori corpus corros cortex cougar courthous courtroom cove
36: coyot cozi crank craze crescent crimson crise crocodil crore crumbl crypto cu cucumb cuddl culinari cumul
36: cur cv cyclon damascus damp daniell dant darkest darn dat dealership debit deborah deepen deflect dehydr
36: delus demolit denis deplet diarrhea diaz dictatorship diffus dim din diner ding dir discredit discreet
36: dispens disproportion dissemin dissolut diva diverg diversifi dizzi dnc donni donovan doo dorm dover dow
36: downstream dt duh dumbass dunde dune dynamit ebola eccentr ecuador edibl edison edith edmonton edmund ee
36: eg elain electro electrod electromagnet ella emblem embryo emerald emerson emigr emul enchant encod
36: endeavour entail entrepreneurship envis equilibrium erad eri erica eros esp esther ether europa evas
36: evelyn evok ew excurs expo exponenti exposit exquisit facto factual famin fanat fanni fargo fascism faulti
36: faux fax fearless feeder fetish fetus feud fiat fieri fiji filler finch fiona fitzgerald fla flake
36: flawless flea fleme fluctuat fluffi fluoresc flux foreman forese forex fowler frankfurt frantic fraudul
36: freeway frown funki funniest furri fuss fx gaga gale gallagh gasp gazett gc gee generos genit geo geoff
36: geoffrey geometr georgetown germ gerri gigant gil gile gimm gina glare glitch gluten goldman golfer gomez
36: goodi goodman goodnight goofi grad granddaught granni graveyard graze grievanc grower gs gta guatemala
36: guerrilla guitarist gunner gus hai hale halftim halifax hama hamper hancock handbag handmad handwrit hanna
36: hansen happiest harlem harmon harriet hartford hash hassl hath hawkin heavyweight hectar hector helena
36: helper hepat hercul herebi hick hinder hindus hippi hmmm hodg hogan holden homag homo hondura hoodi hoover
36: hotter hound housekeep hover hu hue humil hydrat hydro hypothet ibrahim icc ig imbal impati incarcer
36: increment ind inexpens infest influx infus intercours intermitt intimaci intric intrins intrud invari
36: invers irrat irvin irwin isa isabel isaiah islamist iter jacksonvill jamaican jasmin jasper je jedi jensen
36: jj jockey jodi jog johann jolli jorg ju judaism jul juliet juror kang kangaroo kara karachi karat kat
36: kathleen katrina kazakhstan kc keller kendal kenyan kernel kerr kickstart kite kneel knick knob knockout
36: knuckl koch kung kurdish lamar lan lana lancashir landown lao larva latitud launcher laurel lawson lea
36: legitimaci lena lennon leopard lesion lettuc lexington liaison libertarian lighthous lima lindsey linen
36: linkedin lisbon lithium livelihood livingston longev lookout lore lotus lu lucrat lumber luna lush
36: luxembourg lydia mackenzi macmillan majest mal malik malon manageri mango mantl mao mare marit marti
36: marxist mascot masteri maverick mayer mba mccoy mead meg meltdown mend mercenari messiah meteor meteorolog
36: meth metropoli mf midterm mileag miley milo mimic ministeri miracul mis mister misunderstood mixer mk mma
36: mmm mohammad monti moonlight moos morpholog morton mosaic motel motif mould mri muddi mueller muffin mule
36: multicultur multimedia multin multiplay multitud mummi muster mw mythic nanni napl narcot neal needi neon
36: ness neutron nevill nh nineteen noel nolan norri northeastern nostalgia np nsfw nu nucleus oasi oc odyssey
36: ohh om omaha onboard oneself oo orchestr org osaka ottoman ouch outgo outing outskirt outward overdos
36: overflow overhaul overrid overthrow ow paddi pagan pam pamela pamphlet panick paperback paradigm paradox
36: paramed parrot parson pas pastur patern pathogen patriarch pavement pavilion payday pear pebbl peep peg
36: peggi penal perch perish pervert petal peyton pga pharmacist phelp phi philipp photon pigment pineappl
36: planetari plank plateau plausibl playboy plc plum plumb podium poe pois poli poorer poppi porcelain pore
36: portsmouth potassium pradesh pratt precipit precursor premiership pres presbyterian priceless prolif
36: prolifer pronoun propag propon proton provoc pseudo psychiatri puck pud pursuant quarantin questionnair
36: raf raj raleigh rampant raptor rebat rebuilt rec reconsid rectangular redskin refrain refurbish reggi
36: regina rein remembr reminisc rene repent repost reptil resin restless rethink reus revert rewrit rf ridden
36: riddl riff rift rippl ro rodent rollin romanian romney rosemari rotari roth router royc rudi rue rum rupe
36: rupert russ rusti rv sabotag safari safest salesman sammi sandston sanit sap sarcasm sarcast satisfactori
36: saunder savannah savvi scarlet schizophrenia scissor seasid secreci sedan sediment seldom semifin seren
36: serena sergio setback sewag sexist seymour sgt shaken shampoo sharpen shaun sheikh sheila shelbi shes
36: shortcut shortest shri shrub shuffl shutdown sic sid signifi sikh sinclair sinist sis sitcom sl slang slay
36: sleeper slender slid slipperi sloan sloppi smear snapchat snapshot sneaker snoop snp snyder societ socio
36: solemn solicit solvent sonni sooth southwestern souvenir soy spars spartan spokesperson spree springer
36: sprinkl squash stafford staircas statewid stationari steril stevenson steward stint stool storey stripper
36: stump stylist subordin suffolk sultan sunderland sup superfici supremaci surfer surreal swansea swarm
36: sweati sweeti swipe swollen syllabl sylvia symposium synchron syndic syracus talli tang tangl tango tanker
36: tanner tanzania tar tavern tehran telecom telegram tempor tentat testosteron tf tha theorist thicker
36: thinner thirst thunderstorm tiffani tighter tis titanium tm tor torment torpedo tottenham toughest
36: trajectori tram trojan truman tt tuberculosi tumour tuna tunisia turret typhoon tyson ui ukip ulster umm
36: umpir unauthor unavail undef undeni undergon underr unesco uneven unfamiliar unidentifi unilater unlucki
36: unnam unreal unrest unseen unsettl untouch unus upheld uplift upstream urgenc usabl usher utmost uv vale
36: valencia valeri vapor ventil veronica vicki vid viktor vile vinegar volt vowel waffl waitress warden wari
36: wartim wasp waterfront waterproof waterway wavelength weakest weari weber weekday wembley wes wetland
36: whatsapp whiski wield wiki wildcat wildfir williamson wimbledon winchest windi winnipeg withhold witti
36: woah woe womb worcest wordpress worsen woven wrench wrinkl wwii wyatt yarn yogurt yuri zack zelda zurich
35: aap abdullah abel abolit aca academia achill addison adel adhd adjoin adob adorn adrenalin affection
35: afflict aforement ahhh ain ajax alberto albuquerqu alexa alexandra alga allevi allot alonso aloud alto ama
35: ambros amd ammo amo anaheim anarchi anc ancestri ang angelina angelo angular annuiti antarctica anterior
35: antholog anyhow apach apertur appendix apprehend apprenticeship approx arabian arbor arent ariel asbesto
35: ashor asphalt astound atheism atleast atp attest attir audibl auditorium augustin aunti aura ava avalanch
35: avers avid aviv avocado avon axl azerbaijan babylon bach backbon baden bahama balkan ballist ballroom
35: bandag banter baptiz barbado barclay barley barney bartend bathtub bauer bd becker beckham beep beggar
35: belarus benign berkshir bermuda bert beyonc bilingu biodivers biomed birch bitten bjp blackburn bland
35: blizzard blockbust blocker blueberri bohemian bolivia bondag bong booklet boredom boutiqu bowen bowi
35: bowman boyl brandi brat brawl breadth breakout breastfeed brenda brethren bridal brigg brink brittani
35: broccoli brochur brood brothel browni bruh brunch bryce bu buchanan buckingham buckl buckley buffet bunk
35: burgess burgundi burlington burrow buster byrn byte cadillac calcutta caleb camden cameo cameroon cann
35: canopi caramel carbohydr caregiv caretak carlisl carolyn cas casa cascad cass cassidi catcher catchi
35: categor cathi cbc cctv cecil celesti cervic chanel changer charismat chassi che checklist cheeki chem
35: chennai cheroke cheshir chestnut chevi cho choi choreographi chu ci cider cinderella cisco civilis cj
35: claimant clam clarif clarkson cleanup clemson climber clinch clint clueless coastlin cobb cobra cochran
35: coco cohort colder comcast comin comm commando compuls concis concord confisc conni conor cont
35: contradictori cosmos countess coventri covert cradl cram crappi crib crimea cring criterion crosbi
35: crossroad cumberland cun cunningham customari cw cyclic dali dalton damien dayton dazzl decenc decim
35: defianc deform degener delusion denim derrick despic deter devin dew dialog diaspora dicken dillon dioces
35: disapprov disclaim discord discrep discriminatori dishonest disneyland disposit distil djs doggi dolli
35: doorstep doorway dorsal dorset dosag doughnut downfal downgrad downsid dp drawback dreamer drinker dryer
35: dubious dudley dumpster dunk durant dvds ecclesiast ecstasi edt eel effortless eighteenth eject eleventh
35: elijah eliot eliza elk elus emil empower empress encyclopedia enriqu entrust envoy eo epilepsi erni ernst
35: erod errand erron espionag estonia etch ethanol ethiopian eur evapor everett evidenc exec exert exet
35: existenti expressli eyebal ezra faa facet faggot fairfax fallon fam fandom fang farrel fauna fay ferdinand
35: ferment fern ffs fir fireplac fischer fisherman flair flashlight fluent flute foley folklor footnot
35: forcibl fore forefront forfeit fragranc franz freshwat freud friedman frontal fullest fulton fungi fungus
35: funnel fyi gail galact gao gareth garland gator genealog gent georgian getaway getti glamor glamour glee
35: glide glorifi gloss gloucest goali goblin goldberg gong gonzalez goon gotham gpa gr gradient graft grail
35: grappl grassroot gravi gravit grayson greasi greenwich grime grizzli groundbreak grumpi guin guis gujarat
35: gunfir gwen hah hairstyl haley halv handgun hangov hanson havana havent havoc hawthorn hayden hazel
35: headset hee heed heighten hereditari hernandez herring hiatus hideous hind hk hoard hoax hobb homecom
35: homepag homestead homophob honolulu hopper horac hord hornet horsepow horticultur howe howel howl humphrey
35: huntington hush huski hussein hyderabad hyster ib ibn ici ida ieee ikea imam imf immor impend inbox
35: incompat indo ineffici inexperienc influenza inhuman injunct inlet innat insensit insignific integ
35: intellect intox introductori invalu invoic iot irresist isabella isp iss itv jackpot jaim jamal janeiro
35: javascript javier jd jeez jenna jeopardi jeremiah jihad jk joann joanna jonah js jude junki jurass
35: juventus kaiser kappa kathryn kb kd ke kendrick kensington kerala ketchup kettl keynot keyston kiev kilo
35: kink klaus kramer krishna kristen ks ku kuala kudo kyli lafayett lahor lakh lama lament landslid laps lara
35: launder laurent lax lc lcd leaflet leah leash ledger lest leukemia lex liberia lieu liga ligament lighten
35: lilli lineag ling lingeri lite lithuania lizzi loaf lobbyist lobe loch lockdown loft login loi lola
35: loophol lorenzo lorrain lotion lsu lucia luka lutheran madden magnesium magnus mai makeov mali malta
35: malwar mandarin manni manpow mantra mara marcel marley marqui marrow mas mast mata mater mathematician
35: mathew maureen mayhem mccartney mcconnel mcgregor mckay mclaren mclean melani memorandum mercer mermaid
35: merril mesa metaphys methan meticul middleton migrain milki ming minion miriam misconcept modular moe mona
35: mono moroccan mors motorist motorway mover murdoch musk mutil mv myriad nag nairobi nan nana nano naruto
35: nas nasal natasha nausea nautic neurosci neymar nfc ngos niagara nicest nico nicotin niger nk nl nobil
35: noir nora nordic normandi northampton nos nostalg notat noteworthi notwithstand npr nra ns nuisanc nuke
35: numb nv nypd oat obscen octopus odor olympian omiss onstag opioid opium oprah optimum orchid ordain ordeal
35: oslo otter outag outsourc ovarian overdu overr overt overtak overwatch ox paddl padr pageant paig palat
35: parachut paralymp paralysi paranorm parenthood pasadena paso patel patronag paulin pawn payabl paycheck
35: payer payout pb pbs pearc peck pedophil pellet pep peptid perenni pianist picasso picturesqu pilgrimag
35: pinnacl pinterest piraci placebo platoon plight pluck plugin plumber policemen pollen ponder pong poo
35: poorest por porto postag postseason poultri powerless pragmat preschool primat primer privi projectil
35: pronunci propuls proverb psa psi pts ptsd puberti pulmonari pundit punt quak qualit quartet quasi quentin
35: quirki quran rad radial radiant rae raft ramo ramsay randolph raspberri rational rbi reactiv reap reboot
35: recap recogniz recollect reconnaiss recurr rees reev regga regress reich reinstat reiter rejoic remors ren
35: rendit reno reorgan restroom revamp rihanna rins roadsid roadway robbin rocker rodeo rooster rpg rpm rss
35: ru rubio runaway runoff ruptur rwanda ryder rye sabbath sal salisburi salsa sandal saniti sas saskatchewan
35: saturn sawyer sayin scalp scandinavian scarlett schneider schultz schwartz scorpion scotia screenplay
35: seamless sear secretariat seduc seduct seismic semiconductor seminari ser serbian sergei serpent sesam
35: sexism sg shaki sham sharia sharma sheldon shelley shepard sheridan sherwood shia shill shire shootout
35: shortcom shovel showdown shun siberia sicili sideway sigma sinai sk skateboard skater skier skinner
35: skipper skylin skyscrap slain slater slayer slipper slit slug slum slump slur smartest smh smoothi sneaki
35: snowflak snowi softer somali somethin sonia sooo soooo soprano sow spade spaniard spank sparrow spectral
35: spinach spinner spooki spore sprout staffer stalker stanton starvat stash statesman statur stealth stew
35: stirl stomp stormi stout straighten strangl strauss streamlin stricken suarez subcommitte subdu sublim
35: submerg subset subsid suffic superpow surnam surveyor sutherland suzann swat swede swine swirl swore swung
35: symmetr symmetri synagogu syntax tablespoon taboo tad tae tai taker tallest tandem tao tasmania tc
35: teamwork teaser techno tedious teller tendon tequila terrestri tertiari tex thatcher theyr thornton
35: throttl thyroid tibet tibetan tidi timeless ting tint toledo tout townsend tranc tread trembl trendi
35: tributari trivia truce trustworthi tryin tsunami tucson tug tulsa turmoil tvs twelfth typo tyranni uefa
35: ufo uhh ul ultrasound unbear uncontrol underag underwood underworld uneasi unfit unforgett unintent
35: unionist unmarri unnatur unrealist unreli unstopp upbeat upfront usda uss vanguard vape varianc vascular
35: vat vc viola vita volkswagen volvo vortex vt vulgar wah wal walton wand warship warwick watcher waterloo
35: watersh watkin webcam wei weir weiss wellb wen weston wharf whereabout wholesom wikileak wiley wilkinson
35: wink wiser wonderland woodward workload wouldnt xavier xii xv yah yan yate yoo yrs yugoslavia yum yummi
35: zeus zimmerman zion
34: abbot abigail abram abyss accomplic acl acquit acronym acryl adler admiralti adolf adulteri aeronaut afar
34: affidavit affluent afp afro aft afterlif akron albania albion allur alvarez alvin amc ame amir ammonia
34: ancestr anchorag ander anesthesia angi anglican anguish ankara annal antic antitrust antoin antoni ao
34: apocalypt apprais apprehens apron aqua archaic arid aristotl arithmet arson asa ascent aspen assang
34: astrolog asymmetr atkinson atlanti augustus authorit autist aux avant avert avg azur babysit backer
34: backfir bagel bain baird barca barefoot barlow barnett baro barrag barren barrist barrow bartlett basal
34: basel batsman baylor bazaar beatric beckett bedsid beet beethoven bel bender benton berger bernstein berth
34: besieg bestow bethesda bethlehem betsi bett bianca bigotri biochemistri biomass biotechnolog bipartisan
34: birthplac bk bl blackmail blackpool blanc blanch bleak blender blm blous blowjob bm bmi bn bogus bois
34: bonnet bono bop bordeaux botani bouquet bourgeoi bourn bournemouth bower bras braun briberi bridesmaid
34: bridget brillianc britney brokerag broom broth brunett brute btc buffi buildup bulg bullock burglari
34: burnley burr burt busiest butch buzzer byzantin cactus cad cafeteria caldwel camouflag canari candidaci
34: canuck capacitor cara cardio cari carla carlson cassett catalan catalonia caterpillar catfish catholic
34: caucasian caucasus cav celeb centenari centenni centric cgi chaplain characteris chatter cheater checker
34: cheney cheng cher chiefli childbirth childcar chilean chime ching chlorid chlorin choreograph chow chubbi
34: chung churn cleavag clover clubhous clumsi cms cn coars cobalt cocki cockroach colbert collag collegi
34: collier collus colonist coloss comed commodor commonplac complac compliant complimentari compressor
34: compton conan condition condominium conglomer conjectur conn connolli conservat conspicu constantin
34: constantinopl constel constrain continuum contractu cookbook coop corinthian cornerston corona coronari
34: cosmopolitan cosplay couldnt counterfeit cpr cps crackdown creami cremat crispi cristina cromwel crowley
34: css culprit cupboard curfew cutler cvs cy cybersecur cyril czechoslovakia daft damian dani darius daryl
34: daunt davenport daw daytona dea deacon dearest decker deco defam defiant deli della demi dentistri depreci
34: derail desmond desol det detaine deton devoid devour dewey dh dhabi diagon dickinson dildo dino dirk
34: disbelief discern discont disqualifi dissid distrust ditto div dixi dlc dodd doncast dopamin dora dormant
34: dortmund douch downright dre dredg dresser duet duff duffi dui duli dumbest dusk dustin dwayn dy dyer dyke
34: eaton eclect ecstat edgi eff eisenhow elia ell ellison elm elong elsa elton elv emmanuel emphasis emphat
34: enamel encor endem englishman entic entrepreneuri episcop epstein equit err espresso estrogen eta etiquett
34: etsi evad everest evergreen everlast exemplari expuls extinguish extraordinarili extravag eyelid fab facad
34: farmhous farmland fedex felic felip fender feng fernandez fetal feudal fianc fiddl fife filth finer
34: firefox flatten fleec fn fodder foliag footwear forag foreclosur fortifi fortnight fourteenth fps fran
34: francoi freaki freakin frenzi freshmen fresno fritz frontlin froze fs fulham fumbl funnier futil futurist
34: galloway gambler garfield gees geez gemini genera geni gg gibraltar giovanni git gl glacial gladiat gloomi
34: glossi glu goa godfath godzilla goggl goo goodwin gorg gotcha gould gourmet grammat gran graphit greenland
34: greenwood gregg grimm grit gritti groundwat gst gu gupta gust gutter haitian hallmark handheld handout
34: handshak hannib hanoi hanov hara haram harp harrington harrow hartley hayley hayward haze heartbroken
34: heartfelt hearti heathrow heaviest hefti heidi heist helium hella helsinki hemp herbal heresi herp herrera
34: heterosexu hewitt highschool hillsid hipster hitch hms hobart hobbit hoc hone hoo horrend horseback horton
34: hospic hostel hostess hotlin housew housewif ht htc huang hubbi hud huddl hump hun hurl hutchinson
34: hypertens hypothes hysteria hyun hyundai iceberg igor ike illegitim illicit illiter immacul imparti imped
34: impoverish imprint inadvert incarn incest incit incub inexplic infanc ingeni inquir inquisit inscrib
34: insomnia interdisciplinari interperson interraci invert invinc inward ipo ipswich irl irrespect isotop ist
34: italia jab jacquelin jae jag jai jang janic jarvi jc jeann jenner jesuit jfk joaquin joli jubile juda
34: judah judd juggl julio jumbo kabul kale kan kaplan karaok katz kayak kelley kemp kia kicker kickoff
34: kilogram kimber kinet kinki koh kosovo kraft kremlin kurd kw kyoto lacross lagoon lam landfil langley lar
34: larson latex latina lattic latvia laurenc lavend lavish ld ledg lemonad lenin lenni leroy lessen lf lgbtq
34: libyan lifespan limp lineback liv lmfao loath lockhe longitudin loosen lori louie lowel lowri loyalist lte
34: lucif lumpur lunat lv ly macbook macedonia mackay madagascar madelein madra magnum maj malay maldiv malibu
34: malt mammoth mandela mandi mania manitoba mansfield manslaught marian mariann marlin maroon marriott
34: marshmallow martian marxism masonri mastermind matchup maui mcgee mcgraw mckenzi mclaughlin mecca meh mei
34: melancholi menus mep meridian merkel merlin metadata meteorit mhz midday middlesex midi mikey mikhail milf
34: milli millimet mina mir miscellan mischief misdemeanor misfortun misguid misplac misti mite mj modem moin
34: momma monograph monsieur monstrous mop moran moreno morphin morrow mos motherhood moto motorola mow mozart
34: mundan muppet mustach nadal napkin nasdaq natal nathaniel nay nb ndp nearer nelli neptun nero newfoundland
34: ngo nic nicaragua nicholson nielsen nigger nih nirvana nomad nonstop novak novic nr nrl nuditi nutshel
34: nylon oatmeal ob obi obituari obligatori obnoxi od oecd offseason oili olivi olsen oman omin oncolog ooo
34: oooh opaqu ordnanc orion orphanag ostens oswald oti outburst outfield outnumb outpost outset outspoken
34: overboard overcrowd overheard overrun overs ozon pak pandora panorama paolo papal papua paralyz paranoia
34: pariti parkway parri pascal paterson patio patton payload peacock pedest pedigre pelican pelosi pelvic
34: pendant pepe pepsi percuss persia pertin peruvian pervas peso pew pf pharma phoeb phoni phosphat php pimp
34: pinki pinpoint pip pk planter plato playabl playwright pluto png pol polli populist porno porous posh
34: posterior postwar pouch pow powerhous predatori prefac prehistor preparatori prescott pri prism proactiv
34: prob proclam projector protestor prowess prudent prussia psychot pu pulitz punit purdu purifi pv qc
34: quickest quinci rahul rainforest raisin rake ramen ramirez ramon rampag rancher raphael rariti ratifi
34: realti rebelli rebirth reborn recharg reciproc reddish redevelop redirect refut registrar rejoin reliant
34: rematch remodel renal renault renounc repercuss repertoir repositori repuls retina retribut rhythmic rican
34: ricardo rink ritchi rivera rl roach rockefel roe roi rolex rosen rossi rotor roulett routledg rr rubbl
34: rubin rumbl rustic rutger rutherford sabr sabrina sach saddam sahara saliva saloon samoa samson sanitari
34: sao sapphir satin sbs scaffold scarciti scorch selv semen seneg senseless sensual sentinel separatist serb
34: seventeenth sha shack shameless shapiro sharif shea shear sherri shipper shiver shortlist showtim sioux
34: sire sixteenth sizabl skelet skew skim skye sli slime slovakia slovenia smiley smithsonian smoother sneez
34: sniff snippet snowboard snowden soho solitud solubl sos spaceship spacex spacious spar spenc spheric
34: spruce sprung sql squid stacey staci stale stamford stamina standalon standbi starr std steamer steph
34: stimuli strife stringent stronghold sturdi subconsci substant subvers succumb suction suffrag sulfur
34: sunflow supplementari surrog suzuki sweeney sweetest sy synopsi synth tack taint takeoff talbot tammi
34: tanya tart tat taxabl tempera tenor terra tester theologian therein thirteenth thrift thwart tickl timet
34: tireless titti tj tobago toma tonic toothbrush toothpast topless torah torrent torso tot tp trafford
34: tranquil transcend transient transistor travers treadmil treatis trespass trey triangular tristan
34: triumphant trolley trope troublesom trough trudeau tummi turnaround twain twig tyrant ubiquit ulcer una
34: unattract unavoid unbeaten unborn unconvent understat undertook undesir undisclos undocu undon unheard
34: unif unjust unnecessarili unnot unpublish untru upbring uphil upton uterus utopia vagin vanc vaughan vend
34: venezuelan ver viabil vial vicar vie vijay vin virgil vis visionari vitro vivian vivo vocalist voodoo vpn
34: vultur vw wager waltz wastewat wat watermelon wb wc weaponri webber webpag welch westbrook westward whack
34: whitman wichita wigan wilmington windshield witchcraft withheld woken wolverin woodwork wreath wretch
34: wrought wt www wynn xiii xiv xvi yawn yearbook yer yike yin yong yun zac zambia zebra zhou zionist zodiac
34: zoolog
33: aba abi abound adept adjourn adjunct aero afloat ahem aidan aint airbnb airbus airfield airspac akbar alba
33: albanian alejandro alfredo algerian alistair alkalin allig alum amish amnesia amplitud analogu andersen
33: angola angrili angst annot anon antidot anus apa apathi appalachian appel archeri archipelago ardent
33: aromat ascens ascertain asean asparagus aspirin assam assay athena atkin aubrey audac auditori auschwitz
33: austen ax axel badminton ballard ballpark balm bandwagon bane banjo barbar bard barkley baroqu barricad
33: bastion bayer bcs bdsm bea beak beaumont bedrock beech beig belgrad bellami belmont benevol berg bergen
33: bethani bey bg biennial bihar binder biopsi birdi bis bison biz bj blackhawk blacksmith blackwel blain
33: blasphemi blister bloat bloodsh blower blurri boar boardwalk bog boko bologna bolster bom bona bonfir boni
33: borderlin borg bosch brainwash bran bray bret brig brigadi brighten brittl bts bubba buggi bulki
33: bulletproof bullpen bundesliga bungalow burglar burmes burnett burrito busch buzzfe bystand cairn caitlin
33: calai cali calv cambodian cameraman camill canin cannib canning caraca carnag cartilag carver casket
33: cassandra cassi causal cba cbi ceasefir cecilia celeri cello celsius cena cesar cessat cg chai chariot
33: charisma charley charlottesvill charlton chateau chatham chattanooga chavez cheapli cheddar cheltenham
33: chemo chesapeak chevron cheyenn chiang chinatown cholera choo chopper christchurch chun chunki cio citadel
33: civ ck claudio cleanli clifton clinician clog coercion colbi coli collagen colleen colo colombo comey
33: comma commune complexion concerto conduit congenit conservatori constanc constru consular contenti contra
33: convex conveyor coo cooker cor cora corbyn cornelius cornish corvett cosi costco costello counsellor
33: coutur covet cpi craigslist crayon creas crimean cristiano croatian crochet crotch crouch crowdfund
33: crucifi crumb cryptocurr csi cullen cuomo cutest cuti cylindr cypress dab dae dai dal dalai dandi dangl
33: dank daphn dar darci daredevil darryl dartmouth dashboard davey dawg daycar deadliest debra decentr decod
33: decomposit defunct dei denton department depos derbyshir deterr detox devout dex df dharma dhs dia diablo
33: dialysi dickhead dickson didn dignifi dion discretionari disdain dishwash dismal dismay disobedi
33: dissatisfact dissatisfi distal division dk dod dodgi dogma doi doj dolan dole dolor donaldson doodl
33: dossier downey dracula draper dreamt dresden drool dun dunham dupont dw dweller easton eastwood eb eboni
33: ecommerc edna eduardo eeri ef eid eileen electrician elis elon emancip embargo embroid emeri emeritus
33: eminem emori enrag ensign enslav ent entrant entrench entropi epidemiolog epitom eq errat esa esqu estuari
33: ethel ethernet etho eureka ewe excis explanatori extant extort extradit ey eyesight eyewit ezekiel fad fag
33: fairfield fanbas faq farc fathom faulkner feral fg fiance fiasco fictiti fide fiesta fifteenth fil filtrat
33: finder fingertip firepow firsthand fishi fitch fitz fitzpatrick fixat flander flashi fledg flickr fling
33: flo floppi flore flung fluorid fol folli foo forearm foreground forster fortnit foundri frack frail
33: francesca francesco frankenstein frat fray frenchman fret friedrich fright fro fruiti fudg fukushima fume
33: fungal gabe gabriell gall gard garri garth gastric gastrointestin geelong gemma gentil germain gerrard
33: gertrud ghz gideon gild gillespi gillian gilmor giraff gloom gloucestershir glover gma gmail gmo goddard
33: godfrey goldfish goldstein gon graem grang granger gras gratif greenberg greenvill grinder groin grossli
33: grotesqu grudg gruesom guam guangzhou guantanamo gucci gui gull gunman gunn gunpowd guthri guyana gw
33: hadley hallelujah hallucin hamster handwritten hangar hardcov hardwood hardwork haskel hasti hastili
33: hathaway hayn hb hdmi headlight headmast healer heartland heartless hectic hedgehog hehe heinous heinrich
33: helix heller hemingway hendrix henrik heret herm hermion heroism hex hezbollah hierarch hindsight hinduism
33: hiroshima hitchcock hoe holist holloway homi homophobia hooper horrid houghton huawei hubbard hubert
33: huffington hulu hume hurley hussain hwi hydra hydrocarbon hypnosi hz iain ict icu idf iggi ik illustri
33: impecc impetus impract improb inaccess inbound incens indigo indispens inelig inferno infidel infirmari
33: ingram ingrid insta interconnect interstellar intra inver involuntari ipa irrevers isabell isil islamabad
33: issuanc itchi iu jackass jax jb jeb jellyfish jericho jimi jock johan jojo jonni josephin joyous jt judo
33: jug julien junta kahn kapoor karnataka kart kaufman kean keat kelsey kelvin kev keyn kfc kgb khalid
33: khalifa kidd kinas kinder kirsten kiwi knack knoxvill kodak kolkata kool kosher kr kristin kun kurdistan
33: kyri labrador labyrinth lac lacey lai lankan lans latch latenc latent latt lau lauderdal lawless lazarus
33: leach leafi lefti lehman leipzig lenovo lew lexus libbi libel lillian lim limbo limitless limo lincolnshir
33: lipid liza lm lofti loki longitud loo lordship loretta louisa lousi lowli lr lsd luc lucid ludicr ludwig
33: luigi luiz lulu luncheon lunchtim lux lyle lymphoma mabel macau macbeth mace mach macho maddi maestro maga
33: magna maguir maharashtra maher mahogani mailbox maiz makin malawi malfunct malic malign malpractic mamma
33: mana mane manic manifold manson manu margarita margot marjori marta martini mascara matchmak matilda maud
33: maxi maxin maynard mayweath mazda mcbride mccann mcgill mcgrath mcguir mckenna mcmahon mcqueen measl meddl
33: medina medley meek mein melinda mellow melon melvin memorabilia meow mer mgm mh mich microbi microbiolog
33: microscopi middlesbrough midget midtown midwif milford mimi minc minimalist minni mira mirag miscarriag
33: misinform misl missi mitochondri mitsubishi mitt mixtap mla mockeri moi mojo molten mongolia monologu
33: monoxid monsoon montag monterey morbid mosul mozambiqu msm msnbc muir muller munit mutini muzzl mx myrtl
33: myspac nadia nadin namibia napa napoli narendra nassau nav navajo nec nectar nemesi nes netanyahu
33: nightingal nighttim nikon nil nino nip nitrat nonfict nonlinear norma northumberland nvidia nxt nye oakley
33: oblivi oblivion occult ocd ode odi oem ofc oft ofth ohhh oiler olga olli olson olympia olympus orb orc
33: ordinarili oriol orr orthodoxi ortiz osama outpati outweigh ovat overcam oversaw pacer packard paisley
33: pajama palin palo pancreat pap parisian parlor parsley pastel pax payback payoff peabodi peat pelvi
33: pendulum penelop penthous peripheri perjuri perpendicular persever pessimist petra pharaoh philanthropi
33: phosphorus phylli physiqu picket picki piggi pious pla plaid platter playback playbook plush plywood plz
33: poignant polio pooh populac postgradu potenc potion potomac potti pov ppp precari predetermin predica
33: prelud prem preoccupi prepaid prepared presley pretext pretoria prettier prettiest pricey priesthood prima
33: primal priorit pristin prod prodigi prognosi proprietor protract prussian psg pst psychedel psychopath
33: psychotherapi puddl puke punctuat pune purif purport putnam qi qu quadrant quaint quarrel quay qui quid
33: quieter quilt raccoon racket radcliff rahman rai raja rajasthan rama ramif rao ravi rea readabl realtor
33: reaper receptionist recours rector redistribut ree reelect regal regenc regimen reilli reindeer relaps
33: relish reload rem remi remuner rendezv repaid resal resurg retak retract rh rhine rhys ridley riviera rj
33: robb robyn roc roch rockstar rodrigo romero ros rosenberg roundabout rounder roundup rowan rowl rowland
33: rudolph rufus rx sadi sag saharan sai sakura salin salman sama sami sanderson sanford sanskrit sauna saver
33: saviour scandinavia scarborough scientolog sclerosi scoobi scrum scuba sculptor scumbag secess sectarian
33: seinfeld selena selfless sem semin sequenti serotonin ses shabbi shalt shan shard sharper sheen shelli
33: shelton shen sheppard shipbuild shipyard shite shiva shorelin shorti shrek siberian sicken siemen sig
33: silhouett silica silki simmer simplist sinatra sinus siri sirius situ skid skincar slade slander sleek
33: slew sling sluggish smackdown smallpox smelli smokey smoki smug snag snare snore snuck soc socioeconom
33: socrat sod solac sonar soror sorta spat spd spectra spectroscopi sped speechless splinter spokan sporad
33: spreadsheet squir ssr sta staffordshir stag stagnant standout starch starship staten stationeri stephenson
33: stockton stoner stoni str strangest strata strategist stratford strung sts stung sturgeon subaru subpoena
33: subsect subt sudanes sued summertim sundanc sunken sunscreen supervisori supremacist swam sweeter swimsuit
33: syke syllabus sylvest synod syring tabloid tac tacoma taft taipei taiwanes taj takeaway tal tam tanaka
33: tata tatum tau taurus tds teal teaspoon tempest tenet ter tesco textual thankyou thc themat thine thinkin
33: thorp threesom throwback timid timmi timor tinker tito titus tlc tnt toad toaster tobia tofu topographi
33: tortois tos tote tracey transvers treacher trebl trenton triathlon trickl trident tripoli troup truss tsa
33: tsp tudor turin turnbul turquois twat tweed typewrit tyron ua ubuntu ultimatum ultraviolet unaffect unansw
33: unbias unc uncanni uncut undead underdog undisput undu une unequ uneth unexplain ungrat unintend
33: uninterrupt unison unix unman uno unprepar unprofession unprotect unresolv unrestrict unsolv unspecifi
33: unsuit unthink untold untreat upscal upstat uptak uptown urdu uri urinari vader valiant vandal vanderbilt
33: vantag varga vaughn veg vener venetian ventura verd versaill vettel vhs vigilant vinci viper viscer viva
33: voicemail vu vulcan wacki wakefield waldo waller wanda wannab warhead washer watford wealthiest wearabl
33: webinar weinstein weirdest weirdo welp werewolf werner westwood wha whim whitehal widest wiggin wiggl wil
33: wilcox wilhelm wilk wilkin willard wiltshir wineri winni wm wobbl wolfgang workin worldview wp wreckag
33: wrestlemania writ wrongdo ws ww xiao xmas xml xu yamaha yank yee yeh yellowston yelp ying yoon yosemit
33: yvonn zara zeal zeppelin zipper zuckerberg
32: abras absente abstin abt accolad aclu adm ado aerob aerodynam aeroplan affleck agatha agrarian agreeabl
32: ailment airi akira aladdin alain alaskan alchemi alden alderman aldo alessandro alfi alfonso alton alyssa
32: amass americana amherst amin amor anastasia anatom andhra andrei andromeda anemia anew animos annapoli
32: annett annihil annum anorexia antidepress antifa antigen antwerp aol apc apiec apostol appeas aptitud ara
32: arbitrarili archibald arduous arisen aristocraci aristocrat armchair armistic armori aroma arsenic
32: artefact aryan asher asus aswel atl att attrit aud auspic autoimmun autopilot avalon avi aziz babysitt
32: bachelorett backlog backseat backsid baggi bai bailout balfour ballast bama bangor baromet bas baseman
32: basqu bassist bavaria bbw beal beatti behead bein beliz bellevu bengali berman bernardino bernardo
32: bertrand bespok bigfoot biggi bile biochem biotech bismarck bittersweet blackjack bled blight bling
32: bloodstream bloomington blowout bluegrass boa boca boner bose bosnian botch botswana bounci bradshaw bragg
32: brainer brandt brasil breakaway breathless brewster brigham brisk britannia britt brunei bst bucharest
32: budg budgetari buffett buick bullion bummer bumpi bundi burbank burnham bustl bw byrd byu cabaret cahil
32: calam calhoun caliph callahan camilla camo canteen cao carcass cardigan carefre carer caricatur carlyl
32: carmel carmichael carousel carp carton cartwright casper castor catalyt cathet cauliflow cavendish cayman
32: ccp cebu celest celia celin centimet centrist cert ces ceylon cfa chadwick chainsaw chakra chalmer
32: chandeli chandra chaplin chauffeur cheesecak cheetah chico chihuahua choral christensen chute cicero
32: cinematographi cir circumcis circumfer clandestin clegg cleopatra clergyman clich clientel clockwis
32: clockwork clot clout clutter codex coincident coldest coliseum collingwood colton como companionship
32: complicit compost composur computer concordia concur condon conduc confederaci cong conner conqueror
32: conscienti consecr consensu consort contigu convect coolant copeland corbett corni coronavirus cortez
32: cosbi cosmo cot coulson councilman counteract countrymen courteous courtship cowan cpa cpc crafti
32: craftsman craftsmen cranberri craven craziest cretac crete croft crossfit croydon crucibl crunchi cryptic
32: crystallin csr ctrl cumbersom cumbria cupid curt curvatur custard cutoff cyanid cyborg dade daley darbi
32: darrel darth deadpool deb debacl debilit deceit deforest delaney delicaci demeanor dempsey deng deplor
32: derang deregul derogatori derri deterg detour devote dg dhaka dicaprio diff digger disarm disarma
32: dishonesti disillus distilleri diversif djokov dmitri dmv dns doesn doha doherti domingo dominiqu domino
32: donnelli doomsday dorian doubli douglass downtim downturn drape dreami drench drier droid drs drummond
32: duan duboi duluth dum dunbar dung durban dutton dx dynamo dyson dystopian eachoth earner eastend eastman
32: eastward edm edo ei eiffel ein ek elgin elisabeth elixir ellipt elmer eloqu emanuel embroideri embryon
32: emmett emo emoji enclav endgam enigma entangl entourag envious enzo epiphani epoch equatori equestrian
32: erdogan erika erm escobar esoter esport estrang eth ethereum euphoria eurovis eurozon euthanasia evo
32: exacerb exploratori eyelin ez faber fabian fabio fabl fahrenheit fairytal fallaci fanfar farag farah fav
32: fd fece feebl feelin fei felon femm fend feroci ffa fibrosi fielder finess fingernail firebal fireman
32: firewal firewood firmwar firth flammabl flanagan flannel flask floss fluff foggi foothil foresight forgeri
32: forsaken forsyth fp fragrant frazier freder fremantl fremont friggin frivol frontman frosti fruition ftc
32: fuji fullback fundamentalist furthest fw gabbi gaddafi gaelic gage galileo gallant galley galveston galway
32: gape gardin garnet gaston gatsbi gayl gd gearbox genoa gentri geotherm gh ghostbust gibbon giddi gigi
32: gimmick giorgio gir gis gist github giver gladi gladston glam glendal glossari gmbh gnome gogh goku
32: goldsmith gorman goth gpu graci granada grandeur grapefruit grassi greener greenfield greensboro greer
32: gregor greta greyhound grievous groundwork grover gubernatori guerrero guido gunmen gunpoint gustav
32: gymnasium haa hackney hade hahahaha hahn hairdress hamid hamstr hana handcuff handkerchief hanger harcourt
32: hari harlan harrisburg haryana hasan haut heali heartach heidelberg heinz hem hendrick henley hentai
32: hepburn hermann hermit herr hertfordshir hess hf hg hh hilli hillsborough hitman hl hodgson hogwart
32: homogen hookup hooray horsemen horsesho hotspot howi hua huddersfield hui huron hutton hw hyatt hye ibiza
32: ich ico ign imdb imp imposit impromptu impun imran ina incis incl incomprehens indebt indec indistinguish
32: inertia infertil ingenu inlin inorgan inpati inquest insidi insolv insurrect intang intermediari intertwin
32: ioc iodin ionic ipl ire ironman isla issa ithaca itinerari ito jameson janitor jargon jarrett jiang jingl
32: johansson joon jordanian jos josef josi juno kali kano karim keel kennel kern kershaw khale khmer kiddo
32: kimi kimmel kingsley kira kk kkk kl klan knowl koran kristina kruger kt laci lager laguna lair laird
32: lamborghini lamont larkin laud laughabl laureat lds leakag lear leech lei leighton leland lemm lennox
32: leopold lesley letterman levant lewd lice lien lifeboat lifeless lifelin limousin linden lineman
32: lithuanian liturgi livin llp lng loc lockhart loco locus longstand lorri lotta lotto loudest lovabl lovin
32: lucius lumin lund lupus lvl lyme lymph lyndon macarthur macleod macquari madelin madman magma magnolia mah
32: mahal mahmoud makeshift malnutrit mam mammalian manhood maniac manur maori marcia mariah marino marlon
32: marque marseill martyrdom massey mateo matric matti mauritius mayonnais mccall mccormick mcdermott
32: mcdonnel mcdowel mckinley mcmillan mcnamara meatbal medalist medial meetup meghan melanoma mele mellon
32: melo melod melvill mendoza mening menopaus menstrual mercantil merch meryl metallica methyl michelangelo
32: michelin microb migratori milano mildr miliband millennia miln milner mindless mingl minimis misogyni
32: modernist modesti mol moldova momentarili monsanto moot mor morley mortem mortim motherboard motorbik
32: motorsport moustach moy mrna msc msg msu mubarak mussolini mustafa myle nadu narcissist naw nebula nee
32: nehru nemo nerdi nev nevermind newbi newt newtown nf nguyen niall nietzsch nifti nigh nikita nitro noaa
32: nocturn nom nomenclatur nonexist nook nors northbound northward norwood notorieti novo nozzl nuclei nudg
32: nutriti nutti nyse nyt oa obliqu oculus odessa odin offsid ogden oj okinawa ono onslaught opal opus orgi
32: ornat orton ost osu otc oust outback outcri ova ovari overdr overland overlay overshadow oxfordshir
32: painless paleo palladium palpabl palsi panason panoram pantheon pantri paparazzi paraguay paramilitari
32: parchment parkinson parmesan partak partridg passer passov paxton pci peke peng penitentiari personalis
32: pervers peta peterborough philanthrop philharmon piazza picard pictori pikachu pixar pj plagiar platon
32: playa playhous plethora plow ploy plume plump plutonium policymak politico polk polka pollard pollock
32: polytechn pom pornograph poss powerpoint prada prefectur preferenti prefix prenat prequel prerequisit
32: presumpt pretenti primetim pritchard proc proctor prologu promenad propan propens prospectus prosthet
32: proto pryor psp psychosi pti pueblo pulpit puma punctur punjabi purest pvc pvt qa qld qt quantifi rabi
32: radiolog raffl ramadan rambl rancho rankin rapport raptur ras raul ravag rbs rca reactionari recaptur
32: recoil recon reconnect rectangl rectifi redhead redmond redo redwood refil regan regi reginald reliv
32: remand remast remiss renegad renter repar repel requisit respit restitut ret reuben reusabl rewind
32: rewritten rg richter rin ringo ripley ripper ritz roadmap roberta robson rockford rockin rockwel rohan
32: rolf romo rosari rotterdam rowdi roxi rts rudd rudder rudimentari ruiz rundown rung ruse russo ryu saber
32: sabin sacrament sadden saddest sadist saffron saigon salah salford sall salvator samba sampson santana sar
32: sash sassi scariest scholast schoolboy schumach schumer scoreboard scotti scourg screenwrit sculli seaman
32: seawe seclud sega sein selector sender seneca septic serg sergey servicemen sevill sevilla sewn sexiest
32: shadowi shaggi shaker shaman shawl sheath shenanigan shenzhen shone shorthand shouldnt shroud shrunk shu
32: sidekick signag sila sinn sino sissi sitter sixer sizeabl sj sketchi slag slant sled sleepless slider
32: slovak sludg slumber sn snif snl snowbal snowfal snowman sobrieti som soma sooooo soro soundcloud
32: southbound sparta spectr speedway spelt spiderman spinoff spongebob sportsman sprawl springsteen sprinter
32: sprite squirt ssd stagnat stallion starboard stardust staunch ste stead steiner stepfath stepmoth
32: stewardship stile stipul stoppag strasbourg stretcher stricter strut stu stupidest stuttgart suez sulfat
32: sulphur sumner supersed superstit susi sv sven swag swagger swanson sweatshirt swoop synergi synthes tacki
32: taho tak takin tallahasse tamara tamper tangent tapestri tarzan tasmanian telli telugu tenn tentacl terenc
32: terminus terrier tess tessa testicl tg thaw thermomet theta thingi thistl thom thong throughput thumbnail
32: thump tia tic timberlak timefram timeout tk tod tolkien tome tomlinson tong topolog toro totalitarian
32: toulous tpp tracer tramp transatlant transcrib transluc transnat triad tripod trot tsar tubular tue tulip
32: tunisian ture turnpik twinkl tycoon tyne ud ugandan ulyss unattend unbalanc unbeat unbroken unchart
32: undecid undersid unearth uneduc unfavor unforeseen unfound unicef unimport uninsur unmark unorthodox
32: unparallel unqualifi unquestion unravel unreleas unsign unsolicit unspoken untitl unworthi upkeep uproar
32: upto urn ursula usp utensil uttar uw ux uzbekistan valet valor vehement vendetta vernacular vertebra
32: vertex vertigo veterinarian viagra vidal viet virtuous viscount viz vlad vm volley voss vox vuitton walden
32: walkway warcraft warmest wasteland watchdog watercolor waterg wateri wavi wd weasel weibo weiner wendel
32: wentworth wept westchest westfield wharton whew whiff whirlwind whistleblow whistler whitak whop wiener
32: wight wilbur wildcard wildest williamsburg wilt windmil winslow wis wolff woodstock workflow worthington
32: wrapper wto wv xanax xs yall yearn yellowish ymca yogi youll yt yukon yves zachari zee zeke zest zhao zu
32: zulu
31: abd abdel abod abomin abstain abuja accordion accru acer acet acm acorn actin addi aden adjut adnan
31: adriana adrift aegi aga aguero ahl ahmedabad ahn aiden aiken ail airflow airstrik alam alamo alastair
31: alchemist alexandr alexei alf alfa alibi alimoni allegheni allegori allud almanac alo aloft aloha alta
31: alterc alv amalgam amman amphibi amplif amtrak anand ancillari andes anesthet aneurysm anfield angelica
31: anglia anoint antelop anthrax antigua antioch antisemit antisoci anwar aortic appleton aquarius aqueous
31: arcadia archdioces ard arden argentinian ariana ariz arkham armada armageddon armani arsene arti artistri
31: arturo arya ascot ashevill ashland asiat assail ast astoria astral astray astut atc atletico aton atrium
31: atroci atv atyp audiobook auf auspici authorship autobiograph avian awok awww axial aztec babcock bac
31: backstori bafta bah baja bakersfield bal ballerina bangladeshi bannon bao barnard barron bartholomew
31: baseless basilica bassett bateman bathurst battleground battleship bavarian bayonet bayou bce bds beagl
31: beater beaufort becca bei belinda bellow benefactor benji bennet bern bernadett bertha berti beset bess
31: bethel bewild bhai bharat bhutan bicep bien bingham binocular bitchi blacklist blackston blanchard blanco
31: blaster bleep blindfold blob blunder bodybuild bohemia bollock bombshel bonapart bonker bonn bookshop
31: boomerang bootleg bora borneo borussia bos botox bouncer boyc boyhood boyz bpd branson brazen bree breezi
31: breton bridgeport bridgewat brie briefcas brill brim brine briton bronson brownish brunt brutus bucki
31: bullish burberri burgeon burkina burlesqu burnout burrough busti buttock buyout cadenc calder californian
31: calligraphi callous calvert camaro cambridgeshir campfir campsit canadien candic canist cantones cantor
31: capcom capri carat carcinoma cardiolog carlin carney carrick carrington carthag cartier cartoonist
31: casablanca cashmer casserol caster castillo catalina cate cauldron causat caveat cavern caviar ccc cedric
31: celebratori cellulos centerpiec cfo cfr cfs chairmen chairperson chalet chameleon champaign chaser
31: chastiti cheeseburg chernobyl chesterfield chet childless chipotl chivalri chong chopra chromium cid
31: cipher circuitri circumstanti circumv clanci clarinet clasp cleanser clearwat clemen cliqu clit clooney
31: clove cma cmc cnbc coa coachella cocoon coe coerc colchest colossus commot comptrol concierg condescend
31: coney confluenc confucius congressmen conic conjur connot conson constip contextu contraband contriv
31: cookeri coon copa copious corbin cordial cordon cornerback corolla corral corrug cortic coulter
31: counterpoint cowardic coy coz cpl craftsmanship cranki crawley crazier crc credenc creme creol crept
31: crockett crossfir crossword crt crucifixion crusher crutch crypt csa csgo cubicl cuckoo cudd cummin
31: curricular cursor curtail curvi custodian cx cyclop cyst cystic dada dah dahl dainti dak damnit danub
31: darken darlington davison dawkin dax daze deactiv debtor decatur deciph delinqu deliver delud delv deodor
31: depp derelict dermatolog desi destitut deus devi devolut devolv dey diaphragm dichotomi dietrich dignitari
31: dill diminut dimitri dina dinah dio diod dior disallow disband disgruntl dispel dispensari displeasur
31: disqualif diss dissip distraught dix django dms dobb dobson dogg dolc donetsk doppler dorchest dork
31: dormitori dorsey doth doubtless downer dowri dps draught dreari dreyfus dribbl drizzl dropbox droplet
31: dropout drugstor dsm dualiti dumber dunkirk dunlop dupe duplex duran dutchman duval dv dvr dwarv dwindl
31: dwyer earbud eau econ ect eczema edict edmond egalitarian egan egregi electrolyt elicit elisa elitist
31: elsevi elsi embank embellish emergent emi emilia emilio emp endear endocrin energ enfield engulf enigmat
31: enni enoch environmentalist envisag epi epilogu epitheli epl epoxi equin erasmus ere erickson ernesto
31: erwin esl esq esquir ester estonian etf etienn eton eun evangelist exalt exchequ exclam excruci exe
31: execution exemplifi exhal exhilar expressway ext extermin extraterrestri exxon eyelash eyeshadow eyr
31: fairbank fairer fairest farley farthest faso fatima fatter faucet faust fave fdr fedora feisti feldman
31: felicia felin fenton fer fergus fia fickl fiend filament filli fink finley firefli firemen fission fk flak
31: flamboy flamingo fledgl fleetwood flemish flicker flimsi flotat fluke flurri flutter fob focuss folio
31: foodi footer foothold footi footwork forego foreword fortif fortitud forza fourier foyer fra frau fraught
31: fresco frey frigat frugal fsa fsu fuselag fuzz fy gabl gainesvill gait galile gallow gallup galor gambit
31: gamerg gan gandalf gauntlet gcse genitalia geopolit georgina ger gestapo gettysburg ghanaian ghast gia
31: gillett gilt giroud giuliani giusepp gk glastonburi gleam glider glimmer glock gmc goer goeth goldi
31: goliath gonzal gonzalo goodyear gopro gorbachev goto gout gq gradi grandchild grandkid granvill gratifi
31: gretchen groan groovi grous growl grub grunt gsm guernsey guillermo gulli gullibl gundam gunna gurney
31: habitu hae hahah haiku hailey hain hairlin halal hammock handbal handcuf handset hangout hanley harem
31: harlow harman harsher hartman hatchet havin haw hawkey hazi hearst hearth heathen hegemoni heiress heisman
31: hemorrhag henceforth henson hereaft hereford heron hertz herzegovina hester het heterogen hewlett heyday
31: hhs hickey hickori higg hijab hiker hilda hilltop himalaya himalayan hine hippo hirsch hitherto hiya hobo
31: hoboken hof hogg hoist hola hologram holster homegrown hoof horatio horoscop horowitz horseman hou housem
31: housework howdi hoy hpv hsbc hubbl huey huff humanist humankind humanoid humboldt hunch hunk huntsvill
31: hurst hwang hydroelectr hyperbol hypnot hyung icloud idc ide idealist idri illog illuminati ima imax imma
31: immunolog impala impart impenetr imperialist impur incapacit incognito incoher inconceiv inconclus
31: indestruct indign indus inept inert inf inflam infograph ingest ingrain innocu insepar insignia insofar
31: instantan institution intercontinent intergovernment interlud interplay interpol interspers intraven irc
31: irina irishman irradi isbn islington ism ismail israelit issuer ita ital itt ivf izzi jace jacobson jagger
31: jain jaipur jammu jana jani jayn jazeera jed jefferi jehovah jeopard jerki jest jig jigsaw jillian jinx
31: jive jl jm joachim jobless johanna joo josiah joss juliett junip jurisprud jus jv jw kal kam kant karan
31: katharin kathmandu kavanaugh kayla kearney keaton kee keenan keg kei kellogg kendra kepler kermit kessler
31: khalil khz kieran kiki kilda kiln kimberley kindr kinship kissing kms koi kp kv kwh kwon kyiv kyrgyzstan
31: kyung lactos lakesid lal lambda lamin lancet lander landfal landon landri lapd lark larsen lasagna lass
31: lat latvian layoff leaderboard leaki lehigh leicestershir leila lenient leningrad lerner leto leung lev
31: leviathan lexicon liang libido lifeguard liken lilac limelight limerick lina linkag linn linus lis lister
31: liveri lj loader lockout lockwood lok lolita lollipop lon loner lonesom lorna louvr loyola lps lube lucian
31: lucill lucknow lug lukaku lukewarm lull lullabi lumbar lumen luton luv lyft lyman lyn lynx macaroni
31: macedonian machet macintosh mackerel maclean macon maddox mage mahatma mainlin mainstay maison mak mallori
31: manganes mannequin manti marcelo mardi marg marguerit mariana mariano marissa marius markup markus
31: marlborough marlen marquett marr martina massa mastercard mathia mathieu matic matteo mau maximis mayan
31: mayfield mca mcc mccabe mcintosh mcintyr mckinney mcleod mcmaster mcpherson mech medallion medallist
31: medusa melros meng ment merrick merritt merseysid metabolit mfa micah microorgan midsumm midwestern midwiv
31: mig mika milligram mime mimick minaj mindi minh miniseri minivan mink minsk mischiev mismanag mismatch
31: mistook mistrust mitochondria mlm moat modal moffat mogul mohawk moira molest momentari monast monet
31: mongolian moni monik moniqu monmouth montagu montenegro moo mooney mora moratorium morgu mori mornin morph
31: morrissey mort morti mot motley mou mouthpiec movabl movin mower mozzarella mpg msp muck mucus mulberri
31: mullen mulligan multidisciplinari multilater munch munro munster muriel murki musa mussel naacp nab nada
31: nafta nagar nameless namesak nanoparticl napier nascent nasser natalia naturalist nauseous nave nawaz
31: nazareth nazism nbsp ncis nel nell neonat netbal neuro neurot newfound newsroom newsweek nia nib
31: nickelodeon nightfal nightlif nikolai nimbl nit nonviol nord normat nostril notari nottinghamshir nouveau
31: novella npc nps nrc num nuremberg nyu objection obliter octan octav oda oftentim ogr okc olaf oldham oldi
31: oleg ombudsman omen omni omnibus oncom ong ont oof opec opportunist ora orson orthoped orwel osha ott
31: outcast outlandish overarch overgrown overh overpr overreact overrul overseen overtaken overthrown oy ozil
31: ozzi pacifist pacquiao paddington paddock pai painkil palermo pallet palliat pancrea pane pang pao parabl
31: paraphras parenthes parishion parkland parlour parramatta participatori pasha pastim patchwork pathfind
31: patriarchi patric patsi pau pauli pavel payton paz pcb pcr pct pdp peacekeep pedagog pedagogi pediatrician
31: pedophilia peed pegasus pell pembrok penanc penchant pendleton pensacola penultim peoria peppermint
31: percentil perm peroxid peshawar peski petersen peugeot pfizer pharmacolog pharrel phew philanthropist
31: phobia pia picker piedmont pieti pinbal pinot pinto pisa pitbul pitfal pixi placenta planar plat platt
31: playin plenari pli plough plunder pneumat poach poc pogba pointi polari polyest polygami polynomi pompous
31: pont pontiac ponytail poplar porridg portman poseidon postdoctor postman postmast postmodern pott potus
31: ppg ppm ppv prc predictor prefect prentic preposter prerog primordi priscilla privatis profan prog
31: prometheus protrud proverbi provost prudenc prudenti pseudonym psychoanalysi pubic publicist puffi pug
31: puig pullman purgatori putt pw pyongyang qing qpr qr quack quadrupl quail quaker quarterfin quill quirk
31: quorum rabid rachael radiotherapi rafa rah raman rana rarest rascal rashid rasmussen ratchet ratif ravin
31: readership reaffirm rebuk rebutt reclam reddi redefin redneck redress reec regen regroup rei reincarn
31: reinvent rel relinquish remarri rembrandt remington remit repatri repo requiem reschedul resettl resumpt
31: retin retire retrograd reunif revu rework reza rgb rhodesia ric rife rigg ringer rioter riyadh rizzo rms
31: roanok robo rocco rochdal rochell rockvill rollercoast rollout romano ronan roo rook roper rosario rosenth
31: rotherham rothschild roundtabl rous rower rsa ruben rudolf runnin runtim rus rut rw saab sabha sacrifici
31: sae salaam salient salmonella samaritan sampler sanjay sarajevo saratoga sargent sari sata saucer savoy
31: sax saxophon scammer scant scapegoat scarecrow scarv sceptic sch schema schemat schizophren schoolgirl
31: schulz schuster schwarzenegg scoreless scorn scorpio scotsman scottsdal scotus scrappi screech screwdriv
31: scribe sculpt seatbelt seater seawat sedentari sedimentari seedl selma semblanc sensei sentient sentri seq
31: sera serpentin seung sexton shambl shank shaq shay sheeran sheik shellfish shetland shhh shingl shinji
31: shipwreck shirtless shiv sho shocker shoulda showroom shrapnel shrewd shrewsburi shropshir shudder shutout
31: sia siam sicilian sickl sidebar sie siegel sightse signup silverman silverwar sine singleton sizzl skillet
31: skirmish skit skunk skywalk slalom slavic sledg slimi sloth slough slowdown slowest slutti smes smuggler
31: smurf snitch snout snuff snug sociopath soggi solder solidifi solstic someplac sonata sonoma sonya sorcer
31: sorceri sous southend southward southwark soybean spearhead specter spielberg spindl spire spleen spock
31: spoilt spokeswoman spoof spook sporti spotless spout spp sprang squeaki ssh stairway stamped standoff
31: stardom stargat starlight starri statehood steadfast steami steamship stench sti stinki stochast stockhold
31: stockpil stoic stoop stopper stow stratton strenuous strewn strickland stroller stub stutter styliz
31: subdivid subgroup subsist subterranean subtleti subtract suffoc sugari suiss sulli sumo superbowl
31: supergirl superhuman supermodel supernova superson superstiti supra surcharg susanna sutter suzi swann
31: swindon syd sympath symptomat syphili tabernacl tabletop tact tactil taglin tajikistan talisman tantrum
31: tardi tariq tarot taser tatiana taxonomi tay tbsp tcp tcu tecton tele telecast tellin templar tenac tenanc
31: tennant terr terrenc tfw thenc ther thermodynam thermostat thierri thrash thrice throb thu thunderbolt
31: thurston thx thyme tiki tingl tiniest tiresom tmz tna toggl tombston tonal toner tonga toolkit topeka
31: topper torranc tort tortilla totem toto touchi touchscreen tourney townhous toxicolog tra trampl trampolin
31: transfus transpir transpond trashi traver tre treacheri tres trimest tris trish tron truffl tuft tulli tum
31: tumultu tundra tung tungsten tunic turd tuscani tuxedo tw txt ucl uconn uhm ultrason ultron umar unbreak
31: uncheck unclean uncompromis undercut underlin underst underwrit undevelop unequivoc unfaith unfriend
31: unharm unholi unimagin unitari univ unknow unlicens unmatch unmistak unplan unplug unproduct unregul
31: unruli unscrupul unsecur unspeak unsuspect unsustain untim unwarr unwel unwelcom unwilling unwind unwis
31: unwit upheav upland urbana usg ust utilis utopian uva vail valentina valentino valkyri vauxhal vb veal
31: vedic veneer ventral verbatim verlag verona vfl vg vicent viceroy vick vicker vida videotap viewership
31: vill villier violinist virgo viscos vito vo vodafon vogel voiceov vouch vous wad wafer wai wail waitin
31: walcott waldorf walgreen warhol warlord warrington warwickshir waterford wayward wcw wearer whenc whimsic
31: whiplash whisk whit whitehead wholeheart whomev whos willoughbi wiz wondrous woodley woodrow woof woolf
31: worcestershir workabl workmanship worshipp wren wwf wwi xenophob xenophobia xinjiang xo yak yakuza yao
31: yemeni yiddish yoda yoke yoko yoruba youv yuck yung yusuf za zane ze zenith zeta zhu zimmer zionism zuma
31: zur
30: aac abject abridg acacia accra acosta acquitt acreag acupunctur adc adi adp adv aerosol afb afield
30: aftermarket agar aggressor agm agnost airmen aisha ajay alameda albino aldrich aldridg algier alight
30: ambival amer amethyst amg amit ammonium amour amput anakin anarch anil antichrist antimicrobi antrim anvil
30: anya anzac aoc apnea appointe aquacultur aquina aquino argo argus arjun armament armpit aron arr arrear
30: artemi ascrib asd asl asp assent assn asterisk astra asu ata atf athenian atk atwood avec axiom ayrshir
30: azalea bab babylonian backdoor bacterium bailiff balochistan banco banda banger bantu barbour barista
30: barnsley barter basalt bashir bastill bbl beasley belat belliger bello benin benn bequeath bergman berserk
30: berwick bessi bh bicker bigg biopic birthright bistro bla blackboard blackwat blockag blondi bloodbath
30: bloomfield blot bmc bnp bobo bod bode boer boggl bolivian bonanza bookmark bor bosom boundless bourgeoisi
30: bovin bowser boycot brah braill bravest brb breather breitbart brendon brentwood bromwich brooch bryson
30: bsc buckey buckinghamshir bugger bunt buoy burrel busan bv bylaw byproduct cabal cabot cabrera cadr callum
30: calmer campground canaan candac candlelight capricorn carleton caspian catapult catchment cathod cato
30: causeway cbn cbt ccs cdr cede centro centurion cervix cfl chalic chas chechen cheeri cheung chia chichest
30: chino chit chomski chrissi clarendon clearest cleaver cleo cmon cns cob coexist cog cohn coinag coldplay
30: coll colorect colorless compendium concav conf confession confetti congoles conley connelli consequenti
30: consign consumm contagion conundrum convolut corinn corset cortisol counterproduct coursework coutinho
30: covent covington cowel cray cree criminolog crm crock crocker croni crossbow crucifix crusti crux cst csu
30: cumin curran curricula cus cusp cutleri czar danvill dataset davo daybreak dearborn decal decidu decoy
30: defenseless defenseman degen delia deloitt delphi delug demot deprav desist detract deviant devious devlin
30: diamondback diann diarrhoea didier diem dieter diffract dil dilapid discographi disintegr disloc disorgan
30: dissect dissimilar disson dissuad dmc doabl doorbel dorado drab draco dragonfli driscol dslr dubstep duchi
30: dugout dumbledor dumfri dumpl dup duress dyslexia earmark earthi eastbound ebb ecb ecu ecumen edelman eeg
30: eggplant electrif elizabethan ellington elmo eman embezzl emu encas endotheli engel enmiti enshrin ephraim
30: epsom equinox ericsson eritrea ero erotica erp escrow eskimo essendon eucalyptus eucharist eulog eurasia
30: evoc ewan exclaim exhibitor exo exorbit expat expiri extracellular fabrega famer fas fastbal fasten fawn
30: fayettevill fca fearsom fecal federalist federico fema femur ferrer ferret fervent fervor fewest
30: fiberglass fiduciari fisk fitter fixer flagrant flax flinder flirti florist fluenci fong foray forbad
30: foreplay forfeitur forgav fowl foxi franken freckl freighter fresher friar frickin fructos fruitless ftp
30: fuell fullerton fussi gaap gah gaia gallo gallop galvan gambia gangsta garb garnish garvey gass gatorad
30: gaul gaull gcc gelatin geneviev gentrif geophys georgi gestat gingerbread gino giro glaucoma gnu godwin
30: gome goosebump gosl gough granular graphen grasshopp grassland greenish grenada grocer grope grossman
30: grung gtfo gtx guangdong guardiola guggenheim guildford guillotin gump gunnar guo gusto gutierrez hackett
30: hagen hajj halfback hallow halsey hamish hampden hampstead hap hasnt hatfield hdd hdr headband headless
30: headway healthiest hearsay heartwarm hebron heineken hemsworth hennessi henrietta hernia hershey heywood
30: hibern hiccup hideout hindranc hiss hitachi hoa holograph horner hotspur hotti hove hoyt hrc hula hummus
30: hutch huxley hvac hy iaea idyl impedi impot inaccuraci inanim inca incandesc incendiari incess inconsider
30: incrimin indiscrimin indistinct infal infern infield informat infrequ infuri innumer insati instig instil
30: insular insurmount intermiss intracellular intrepid inund ioniz iqbal irma irreplac isn jackman jailbreak
30: jakob janus jazzi jeanett jeong jeter jetti jg jia jing joffrey jolt jpeg jukebox jumpsuit junctur kabir
30: kamal kami kanji kar kareem karin kato kawasaki kebab keegan kenyon kerosen keto kew kh khaki kidnapp
30: kimbal kingpin kiosk kip kirkland klopp kn koala kombat kos kpop kroger kush lakewood lampard landlin
30: lannist larsson latham lawton leann leapt leia leinster leith lentil leprosi lexi lh liberian license
30: lieberman ligand likeabl lila lingo lisp liturg locust loeb lohan lombard lombardi londonderri looney
30: loren lothian lubbock lubric lucien luz machado maci maco macpherson macroeconom magenta magnat magneto
30: magnifi mahoney maitland malaya mallet maloney maltes manafort manhunt manoeuvr margo marietta markham
30: markov marlboro marlow marquez marsden marsha martyn masquerad masterchef mather matron matthia maximus
30: mayfair mcallist mccormack mcgovern mcgowan mea meager meati medici mee melodrama merciless merck merl
30: merton mes metamorphosi metastat mew middletown middleweight mifflin mila milder militarili milkshak minn
30: mio misfit mishap misinterpret mistreat mmmm mobi mojav molass molina molotov momo mond mongol monochrom
30: monogram monolith moray mortuari motherland motogp mott mozilla mtg muffl mugab mulder mullin multilingu
30: mumford mun mundo murdock mus mutton myra mystiqu nacho nacion nakamura nanj nanotechnolog narciss navarro
30: nda nefari neill neoliber nepali nestl neumann newburi newel nik niki niko nite nix nmr nobleman nola
30: nourish nsf nucleotid nugent nune nutmeg oar obstetr obtus octavia ofcours ohm olfactori oneplus optimus
30: orkney ortega osbourn osiri ostrich outbound outflow outperform overcast overlord overpow overtook overtur
30: overus overwork padilla paintbal pantomim papaci papi paragon parma parochi parr parrish particul parton
30: patreon paulson pdt peacetim peddl pei penicillin pepperoni perfor permian perplex pes petrifi pheasant
30: phenotyp phonet photosynthesi photovolta piccadilli piccolo pico piero pierson pietro pilat pita pitchfork
30: pius pkk placid planck plankton playtim pleistocen pms polygon pompeii pompey poodl pornhub portag postcod
30: pox ppc prasad preclud predic prejud preorder pretens priori prius progeni progesteron prolli proportion
30: provenc prune psn pta punter purcel puritan pus pushi puss pvp qin qualcomm quark quart quartermast quell
30: queu quinoa quintessenti quizz rabbl racecours racetrack radianc radiohead rafter rainwat rambo raoul
30: rarer rcmp reappear rearrang redact reflector reissu remad replenish reread rescind resistor resound
30: respir rhapsodi rhea rheumatoid ria rnc roadblock roadshow roderick rondo roost rosco rosetta roswel
30: rousseau roux rowley rsvp rubl ruddi ruff rump rune saban saeed sahib salam salazar saleh salim saltwat
30: salzburg samir sana sanctiti sandbox sandler santand sarasota sato saucepan savori scala scarier scaveng
30: schiff schiller schism schole schooler schooner schroeder scion scrabbl scranton scrimmag sdf sds seaboard
30: seagul seamus seaworld secondhand sedit seer sephora sepsi servitud severn seward shackl shag shahid
30: shalom sheehan sheryl shh shifter shoddi shoemak shortfal shortstop showbiz shui sichuan siegfri siev sift
30: signatori sill silo silveri silvio simeon simm sion sittin ska skydiv sleazi smartwatch sme smirk smitten
30: smog smother smyth snapper snappi snicker snipe snooker snort snuggl sochi soleil solitair soloist somber
30: somervill soot soto southport speck spew sphinx spicer spiegel splendor sportsmanship sprain springtim
30: sprinkler squishi ssc sse stalem standstil stanza starfish starl stave steamboat stefano steinberg stephan
30: stifl stingi stipend streamer streep streetcar stringer stubb stuffi sturridg stylus subclass subunit
30: succul suffix sui suk sumatra sumptuous superannu superbl supercar superflu sus sutur swain swami
30: sweepstak sweeten swimwear sxsw syn synapt tahiti tailgat takedown tampon tania tarantino tarmac tas
30: tasteless taunt tbs tec teeni teh telemetri templeton tenaci tensor tenuous thelma thorac tian ticker tiff
30: tijuana tobin togo toil tolstoy tomographi toon toot topograph toshiba toulon townsvill trafalgar
30: transcendent travesti trekk tremor triplet trove tru truncat trusti tsk tuni tuscan tutu twas twister
30: typographi tyrion tzu ue uf uhhh ukulel ulrich umbil ummm ump unannounc unauthoris uncensor unconfirm
30: undat undefin undetect undiscov undivid unforgiv unhing uninhabit uninterest unisex unjustifi unpack
30: unregist unsatisfactori unskil unsubscrib unsurpris unten untrain unwav unwritten upi uranus usaf ute
30: uterin utilitarian vane vapour varnish vas vee veer vehicular veng verit versac videogam voldemort voltair
30: waco wag wainwright walkin wane wart watchman wealthier weightlift weirder weller wesleyan westbound
30: wester westsid whatnot wheaton whereupon whey whitehous whittak whyte wicker wilfr willpow wilton winch
30: winfrey winn winthrop wither wk wnba wolverhampton woolli workstat wot wraith wsj wut xander xerox xiaomi
30: yadav yam yangon yaya yd yeo yeon yeti yew yoghurt yokohama yolk yugoslav yuki yvett zak zed zig zoey
"""
_zipf: dict[str, float] | None = None


def zipf(stem: str) -> float | None:
    """The stem's Zipf frequency in English, or None when it is rarer than FLOOR (or no English word)."""
    global _zipf
    if _zipf is None:
        table: dict[str, float] = {}
        for line in _TABLE.splitlines():
            if line:
                value, _, stems = line.partition(":")
                table.update(dict.fromkeys(stems.split(), int(value) / 10))
        _zipf = table
    return _zipf.get(stem)
