/**
 * Common passwords, written out for this project (no third-party list is copied): the well-known
 * "top passwords" of public breach-frequency reports, frequent words, names, teams, places and
 * keyboard walks seen in them, and frequent digit/word variants. Lower case, whitespace-separated,
 * sorted. {@link isCommonPassword} adds derived patterns (keyboard and alphabet runs, digit
 * sequences) and normalises a candidate (case, separators, leet spelling, digit/symbol padding)
 * before it looks a password up, so `P@ssw0rd-2024!` is caught by `password`.
 *
 * Data, not code: it is the one file of the package allowed to run long.
 */
export const COMMON_PASSWORD_LIST = `
0000 00000 000000 000000000000 007007 01012011 010203 0123456789 09876 0987654321 101010 102030 1111
11111 111111 1111111 11111111 11111111111 111111111111 111222 111222333444 112233 11223344 112233445566
1212 121212 12121212 121212121212 123123 123123123 123123123123 1232323q 123321 1234 12341234
123412341234 12344321 12345 123454321 1234554321 123456 123456123456 1234567 12345678 123456789
1234567890 12345678910 123456a 123456abc 123456q 12345a 12345abc 12345q 1234abcd 1234qwer 123654 123abc
123abc123 123qwe 123qweasd 123qweasdzxc 12qwaszx 1313 131313 147147 147258 147258369 147258369147 159357
159753 159753159753 1987 1988 1989 1990 1991 1992 1993 1a2b3c 1a2b3c4d 1q2w3e 1q2w3e4r 1q2w3e4r5
1q2w3e4r5t 1q2w3e4r5t6y 1q2w3e4r5t6y7u8i 1qaz2wsx 1qaz2wsx1234 1qaz2wsx3edc 1qaz2wsx3edc4rfv 1qazxsw2
1qazxsw23edc 2000 2112 212121 2222 222222 232323 252525 2pac 2wsx3edc 315475 333333 3edc4rfv 4444 444444
456456456456 4815162342 49ers 5150 5555 55555 555555 654321 666666 6969 696969 69696969 7777 777777
7777777 789456 789456123 789789789789 8675309 87654321 888888 88888888 987654 987654321 9876543210
987654321987 999999 a12345 a123456 a1234567 a123456789 a1b2c3 a1b2c3d4 a1s2d3f4 aa123456 aaa111 aaaa
aaaaaa aaaaaa1 aaaaaaaa aaron abc123 abc1234 abc12345 abc123abc abcabc abcabc123 abcd123 abcd1234 abcde
abcdef abcdef1 abcdefg abcdefgh abcdefghi abcdefghij abcdefghijklmnop abigail access accessdenied
accessgranted accord acdc acmilan action acura adam adgangskode adidas adidas1 admin admin1 admin123
admin1234 adminadmin administrator administrator1 adminpassword admiral aerosmith africa airborne
airforce ajax alaska alaska1 albert albert1 alex alexande alexander alexandra alexis alexis1 alfaromeo
alien allison allowme alpaca alwaysandforever amanda amanda1 amanda123 amazon amber amen america
amorcito amsterdam amy andrea andrea1 andrea2 andreas andrew andrew1 andrey android angel angel1
angel123 angel2 angela angela1 angelito angels animal anna anniversary anthony anthony1 anthony123
anthony2 anybody anything apollo apollo11 apple apple1 apple2 apples apples1 april aquaman aragorn
argentina arizona armani army arsenal arsenal1 arsenal123 arthur arthur1 asd123 asd123asd asdasd asdf
asdf1234 asdf;lkj asdfasdf asdfg asdfgh asdfghjk asdfghjkl asdfghjkl1 asdfghjkl123 asdfghjklqwertyuiop
asdfjkl asdzxc ashley ashley1 ashley123 ashley1234 ashley2 asshole astronaut astros atari atlanta audi
august austin austin123 australia autumn autumn1 ava avatar avengers awesome awesome1 azerty azerty123
azertyuiop babe babies baby baby1 baby2 babyboy babydoll babygirl babygirl1 babylove bacon badass badboy
badboy1 badger badgirl bailey bailey123 banana banana1 banana123 bananas bandit barbara barbara1 barbie
barcelona barney bart baseball baseball1 baseball123 basketball basketball1 basketball123 bass batman
batman1 batman123 batman1234 bayern beach bear bear1 bears bears2 beatles beatles1 beautiful beautiful1
beaver beavis bee beer beer1 beetle beige benfica bengals benjamin benjamin1 bentley berlin bestfriend
bestfriends betty beyonce bible bieber bigboy bigdaddy bigdick bigdog biggie bigtits billionaire bills
billy biology birdie birthday bitch bitches biteme black black1 blaze blazer bleach blessed blessed1
blessing blink182 blink1821 blowjob blowme blue blue1 blueberry blues bmw bmw123 bobby bollocks bond007
bonita bonjovi bonnie boobies booboo booger boomer boston boston1 boxing bradley brandon brandon1 brandy
braves braves1 brazil bread brian britney brittany bronco broncos broncos1 brooklyn brother brothers
brown brownie browns bubba bubbles buddy buffalo bugatti buick bulldog bulldogs bullet bullets bulls
bullshit bumblebee bunnies bunny bunny1 burger burrito buster buster123 butter butter1 butterfly
butterfly1 butterfly2 butthead c3po cadillac cake california callofduty calvin camaro camaro1 camel
cameron canada canada1 candy candy1 candy2 cappuccino captain captain1 captainamerica cardinals carl
carlos carmen carol carolina carolina1 caroline carpediem carrot carter cartman cash casper cassie cat
catdog catherine cats celebrity celtic celtic1 celtics champion champion1 champions chance chanel
changeit changeme changeme1 changeme123 changeme2 changethis chargers charizard charles charles1 charlie
charlie1 charlie123 charlie1234 cheer cheerleader cheese cheese1 cheese123 cheeseburger cheesecake
cheetah chelsea chelsea1 chelsea123 chemistry cherries cherry cherry1 chester chevrolet chevy chewbacca
chicago chicago1 chicken chicken1 chicken123 chiefs children china chloe chocolate chocolate1 chris
christ christian christin christina christine christmas christopher church citroen civic class
classof2020 clippers cloudy cobra cocacola cocacola1 cock cocktail coconut code coder coding cody coffee
coffee1 coffee123 college colorado colts comet commander compaq computer computer1 computer123
contrasena converse cookie cookie1 cookie123 cookies cool cool1 cool123 coolcat coolguy coolkid cooper
copper corazon correcthorsebatterystaple corvette corvette1 corvette123 cosmos country courtney cowboy
cowboy123 cowboys cowboys1 crazy crazy1 creative creeper cricket cricket1 crimson crow crystal crystal1
cubs cunt cupcake cupcake1 cutie cutiepie cyan cyber dad daddy daisy dakota dakota123 dallas dallas1
dallas123 dance dance1 dancer dancing daniel daniel1 daniel123 daniel2 danielle danielle1 danny dark
darkness darkness1 darkside darthvader database daughter dave david david1 dccomics dead deadpool death
deathnote debbie debbie1 debian deborah december december1 default default1 demo demo123 demon denmark
dennis dennis1 denver derek desert desktop destiny detroit developer devil dexter diablo diamond
diamond1 diamond123 diamonds diana dick dickhead digital disco discord doctor doctor1 dodge dodgers dog
dog1 doggie doggy dollar dollars dolphin dolphin1 dolphins dolphins1 donald donkey donkeykong donna
dontknow donut donuts dorothy dortmund dragon dragon1 dragon123 dragon1234 dragonball dragonfly dragons
drake dreams driver drowssap drummer drummer1 drums ducati duck ducky dumb dumbledore dustin eagle
eagles eagles1 eagles123 eagles2 earth easter eclipse edcrfv eddie edward edward1 eggs egypt einstein
elephant elephant1 elizabeth ella elvis elvispresley emily eminem eminem1 emma england english enigma
enter enterprise eric erin espresso estrella everton everyone everything evil example explorer facebook
faith falcon falcon1 falcon123 falcons fall familia family family1 famous father february fender ferrari
ferrari1 ferrari123 fiat finland fire fire1 firefire fish fisher fishes fishing fishing1 flame flash
florida florida1 flower flower1 flowers flowers1 floyd fluffy flyers football football1 football123
football2 ford fordf150 forest forest1 forever forever1 foreverlove forgot forgotten fortnite
fortnite123 fox foxy france frank freak freaky fred freddy freddy1 freedom freedom123 freedom1234 friday
friday1 friend friends friends1 frodo frog froggy fuck fucker fucking fuckit fuckme fuckoff fuckoff1
fuckthis fuckyou fuckyou1 fuckyou2 funny funny1 gabriel galaxy gandalf gandalf1 garden garfield garlic
gary gateway gators gemini general genesis genius george george123 georgia germany getlost gfhjkm ghbdtn
ghost ghost1 giants giants1 gibson ginger ginger123 giraffe girls gladiator gmail gmc goaway godbless
godblessamerica godfather godisgood godisgreat godislove godzilla goku gold gold1 golden golden1
goldfish golf golf1 golf2 golfer gollum goober goodboy goodgirl goodlife goodmorning goodnight goofy
google google1 goose gordon gorilla grace grace1 graduate grandma grandpa granny gray greece green
green1 greenday gregory grey gryffindor gucci guest guest123 guinea guinness guitar guitar1 guitar123
guitarist gunner gunner1 guns gunsnroses gymnastics hacked hacker hacking hahaha hakunamatata halloween
halo hamburger hammer hammer123 hamster hamsters hannah hannah1 hannah123 hansolo happiness happy happy1
happy123 happybirthday hardcore hardware harley harley1 harleydavidson harleyquinn harold harrypotter
haslo hawaii hawk heart hearts heat heather heather1 heather123 heaven heaven1 heavymetal helen hell
hell666 hellfire hello hello1 hello123 hello1234 hellohello hellokitty hellothere helloworld helpme
henry hermione hermosa heslo hidden hiphop hippo history hobbit hockey hockey1 hockey123 hockey1234
hogwarts holiday holland holy home homer homesweethome honda hondacivic honey honeybee hooters hope
horny horse horse1 horses hotdog hotdog1 hotmail hotrod hottie hottie1 house houston hugs hugsandkisses
hulk hunter hunter1 hunter123 hunting hurricane husband hyundai iamgod iamthebest icecream iceman ichigo
idiot idontknow iforgot ihateyou ilovedad ilovejesus iloveme ilovemom ilovemyfamily ilovemyself iloveu
iloveu2 iloveyou iloveyou00 iloveyou1 iloveyou12 iloveyou123 iloveyou2 iloveyoubaby iloveyoudad
iloveyoumom iloveyousomuch india indigo inferno infiniti instagram inter internet internet1 internet123
ipad iphone ireland ironmaiden ironman ironman123 isabella island israel itachi italy ivory iwantu jack
jackass jackie jackpot jackson jackson123 jacob jaguar jaguar1 jaguar2 jaguars jake james james1 jamie
janet january japan jared jasmine jasmine1 jason jason1 jasper java javascript jazz jedi jeep jeffrey
jelly jelszo jennifer jennifer1 jennifer123 jenny jeremy jeremy1 jerry jesse jessica jessica1 jessica123
jessica2 jessie jester jesus jesus1 jesus123 jesuschrist jesusloves jesussaves jets jetta jimmy jkl;
john john1 johnny johnny1 johnson joker jonathan jonathan1 jordan jordan1 jordan123 jordan1234 jordan23
jose joseph joseph1 joseph123 joshua joshua1 joshua123 julia julie july june jungle junior junior123
jupiter justdoit justin justin1 justin123 justin2 justinbieber juventus kanye karate karen katie
kawasaki keith kelly kenobi kevin keyboard kia kids kill killer killer1 killer123 killme kimberly
kimberly1 kirk kiss kisses kisses1 kissme kitten kitten1 kitty kitty1 kittycat klaster knicks knight
knockknock koala korea korn kristina kurtcobain kyle lacrosse ladybug lake lakers lakers1 lamborghini
laptop larry lasagna lasvegas lasvegas1 latte laugh laura lauren lauren1 lawrence ledzeppelin legend
legolas leia lemon lemonade leopard letmego letmein letmein! letmein1 letmein123 letmein1234
letmein12345 letmeinnow letmeinplease lexus liberty life lifehack lifeisgood lifesucks lightning lily
lily1 lime lime1 linda link linkedin linkinpark linux linux1 lion lions lions1 lisa little livelaughlove
livelife liverpoo liverpool liverpool1 lkjhgfdsa llama login login123 lol123 lollipop london london1
london123 lordjesus loremipsum loremipsumdolor losangeles losenord loser loser1 lottery lotus louis
louise louisvuitton love love1 love12 love123 love1234 lovebug loveforever lovehurts lovelife lovelove
lovely lovely1 lovely12 loveme loveme1 lover lovers lovers1 lovestory lovesucks loveu loveyou loveyou123
loving lucifer lucky luffy luigi lukeskywalker macbook maddog madison madison1 madonna madrid magenta
maggie maggie123 magic magnum major manchester manchesterunited mango manutd march marcus marcus1
margaret maria marina marine mariners marines mario mariposa mark marlboro marlins maroon mars martin
martin123 martini marvel marvin mary maryjane maserati master master123 master1234 masterchief math
matrix matrix1 matrix123 matrix2 matthew matthew1 matthew123 maverick maverick123 mavericks maximus
maxwell may maytheforcebewithyou mazda meadow meandyou megadeth megan melbourne melissa melissa1
melissa123 member mercedes mercedes1 mercedes123 mercury merlin merlin123 metal metallic metallica
metallica1 meteor mets mexico mexico1 mia miami michael michael1 michael1234 michael2 michaeljackson
michelle michelle1 michelle123 michigan michigan1 mickey mickey123 mickeymouse microsoft midnight mike
milan military miller millionaire minecraft minecraft1 minecraft123 mini minnie mitsubishi mnbvcxz mocha
modem mom mommy monday money money1 money12 money123 monica monica1 monitor monkey monkey1 monkey123
monkey1234 monkey2 monkeys monster monster123 montana montana1 montreal moonlight mordor morgan
morgan123 morpheus moscow motdepasse mother mother1 mountain mountain1 mountains mouse mouse1 muffin
muffin1 murphy music music1 musica mustang mustang1 mybaby mycat mychildren mydog myfamily myheart
mylife mylove mylove1 mynameis mypass mypass123 mypassword mypassword1 mypassword123 mysecret myspace
myspace1 myspace2 mystery nachos nancy naruto naruto123 nascar natalie natasha natasha1 nathan nathan1
navy ncc1701 nebula nelson neo neptune netflix network nevada neverforget nevergiveup newpass newpass123
newpassword newpassword1 newyear newyork newyork1 newzealand niceguy nicholas nicholas1 nicole nicole1
nicole123 nicole2 nightmare nike nikita niners ninja nintendo nintendo1 nirvana nirvana1 nissan nissan1
noaccess nobody noodles nopassword norway nothing nothing1 november november1 nroses nurse obiwan ocean
october ohio oldpassword olive oliver olivia onedirection onelove onepiece onion online opensesame
opensesame123 openthedoor openup oracle oracle1 orange orange1 orange123 orange2 orchid oregon orion
ou812 outlook owl p455w0rd p4ssword pa55w0rd pa55word packers packers1 pacman pakistan palm pancake
pancakes panda pandas pantera pantera1 panther panther1 panthers panties papaya paradise paradise1 paris
parker parola parrot pass pass123 pass1234 pass12345 passord passpass passpass123 passphrase passw0rd
passw0rd1 password password! password00 password1 password1! password11 password12 password123
password1234 password12345 password123456 password2 password3 password99 passwordpassword
passwordpassword1 passwordqwerty passwords passwort pasta patricia patrick patrick1 patrick123 patrick2
patriots paul peace peaceandlove peach peaches peaches1 peanut peanut1 peanut123 peanutbutter penguin
penguins pepper pepper1 pepper123 pepsi perl personal peter peter1 peugeot phantom phantom1 philip
phillies phoenix phoenix123 phoenix2 php physics piano pikachu pilot pimpin pineapple pink pinkfloyd
pizza pizza1 pizza123 planet platinum platinum1 playboy player playstation please pleasechangeme pluto
poiuytrewq pokemon pokemon1 pokemon123 poland police ponies pontiac pony poohbear pookie popcorn popstar
porn porsche porsche1 porto portugal potato power power1 powerful prada prayer predator prince princesa
princesa1 princess princess1 princess12 princess123 princess1234 printer private private1 program
programmer psg puma pumpkin pumpkin1 punk punkrock puppies puppy puppy1 purple purple1 purple123 pussy
python python1 q1w2e3 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 q1w2e3r4t5y6u7 qazwsx qazwsx123 qazwsx1234
qazwsxedc qazwsxedc123 qazxsw qazxswedc qqqqqq queen qwaszx qwe123 qwe123qwe qweasd qweasd123 qweasdzxc
qweasdzxc123 qweqwe qwer qwer1234 qwert qwerty qwerty! qwerty00 qwerty1 qwerty1! qwerty1111 qwerty12
qwerty123 qwerty1234 qwerty12345 qwerty123456 qwertyasdfgh qwertyasdfghzxcvbn qwertypassword
qwertyqwerty qwertyu qwertyui qwertyuiop qwertyuiop1 qwertyuiop123 qwertz qwertzu qwertzuiop r2d2 rabbit
rabbit1 rachel rachel1 racing radio raiders raiders1 rainbow rainbow1 rainbows rainy ralph ram rambo
ramen rams random random1 ranger ranger1 rangers rangers1 rangers2 rap rapper raspberry raven ravens
raymond razz realmadrid rebecca rebecca1 red red123 redhat redskins redskins1 redsox redsox1 redwings
reebok reggae remember rememberme renault rfvtgb rhino rice rich richard richard1 richard123 richman
rihanna river robert robert1 roblox roblox123 rock rocket rocket1 rockets rocknroll rockstar rocky
rockyou roger rolex romance romantic rome ronald rooster root root123 rootpassword rootroot rose rosebud
roses router ruby rugby runner running rush2112 russia ruth ryan sabrina saints salasana salmon salt
samantha samantha1 samantha123 sammy sammy1 sample samson samsung samsung1 samsung123 samuel samuel1
sandra sandra1 sanfrancisco sarah sasuke satan saturday saturn saturn1 sauron savior scarface scarlet
school school1 science scooby scooter scooter123 scorpio scorpion scotland scott scott1 scotty screwyou
sea seahawks sean season seattle secret secret1 secret123 secretpassword secure secure123 securepassword
security sega senha september sergeant sergey server sexsex sexy sexy1 sexyboy sexygirl shadow shadow1
shadow123 shadow1234 shadows shakira shannon shark sharks sharon sharon1 shawn shelby shithead shooter
shopping shrek shutup sierra silly silver silver1 silver123 simple simpsons singer sinner sister sisters
sith skate skater skippy skoda sky skyblue skype skywalker slayer slayer1 slipknot slipknot1 slytherin
smile smiles smiley smokey smokey123 snake snakes snapchat snickers sniper sniper1 snoopy snoopy123 snow
snowball snowboard snowflake soccer soccer1 soccer123 soccer1234 soda softball software soldier someone
something son song songs sonic sophia sophie soul spaceman spaghetti spain spanky sparky sparky123
speedy spencer spider spider1 spider123 spiderman spiderman1 spiderman123 spirit spitfire spock
spongebob spotify spring spring1 sprite spurs stalker star starlight startrek startrek1 starwars
starwars1 starwars123 steam steelers steelers1 stella stephanie stephen steve steven steven1 storm
stormy strawberries strawberry strength strong strongpassword strongpassword1 student stupid stupid1
subaru success success1 suckit sugar summer summer1 summer123 sundae sunday sunflower sunny sunrise
sunset sunshine sunshine1 sunshine123 sunshine1234 sunshine2 superman superman1 superman123 superman2
supersecret supersecret1 supersecretpassword superstar surfer surfing susan sushi suzuki swan sweden
sweetheart sweetie sweetlove sweetpea sweety swimming sydney sydney1 system system1 taco tacos taylor
taylor123 taylorswift tea teacher teal teamo techno teddy temp temp123 temporary tennis tennis1 tequiero
tequila terminator terry tesla test test1 test123 test1234 test12345 tester testing testing1 testing123
testtest testtesttest tetris texans texas tgbyhn thanksgiving thebest thebest1 theman thepassword
thequickbrownfox thequickbrownfoxjumpsoverthelazydog therock thomas thomas1 thomas123 thor thuglife
thunder thunder1 thunder123 thursday thx1138 tiffany tiffany1 tiger tiger1 tigers tigers1 tigers123
tigers2 tigger tigger123 tiktok timothy tina tinkerbell titanic titans tits tokyo tomato tomcat tommy
toor topgun topsecret tornado toronto tottenham toyota toyota1 travis travis1 trinity trinity1 tropical
trouble truelove trustno1 trustno1234 trustnoone tucker tuesday tulip tupac turkey turquoise turtle
turtle1 turtles twitter tyler ubuntu ubuntu1 ukraine unicorn unicorns united universe university unix
unknown uranus usa usa123 user user123 user1234 useruser vacation vader valentine valentines valley
vampire vampire1 vancouver vanessa vanessa1 vans vegas vegeta venom venus veronica versace verysecret
verysecure victor victoria victoria1 victory viking vikings violet viper viper1 viper2 virginia vista
vodka voldemort volkswagen volleyball volvo voodoo voyager wachtwoord waffle waffles wales walter
walter1 warrior warrior1 warriors wayne wednesday weekend weird welcome welcome! welcome1 welcome123
welcome2 welcometo welcomewelcome wendy werewolf whale whatever whatever1 whatsapp whatsup whiskey white
whitesox wife wifi wildcats william william1 william123 williams willie willow wilson windows windows1
windows10 windows7 windowsxp wine winner winner1 winning winston winter winter1 wireless wizard wolf
wolfpack wolverine wolves wonderwoman wrestling wsxedc xavier xbox xoxo xoxoxo xxxxxx xxxxxxxx yahoo
yamaha yamaha1 yankees yankees1 yankees123 yellow yellow1 yellow123 yhnujm yoda yolo youandme
yourpassword youtube zachary zaq12wsx zaq12wsxcde3 zaq1xsw2 zaq1zaq1 zaqxswcde zebra zelda zombie
zombies zxc123 zxcasd zxcv zxcvb zxcvbn zxcvbnm zxcvbnm1 zxcvbnm123 zzzzzz
`;
